import { letterText } from "@spankbank/shared/contract/letters";
import { eq, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { versionAfter } from "./clock.js";
import { otherPartnerOf } from "./couple.js";
import { Refusal, refuseUnless } from "./errors.js";
import { param, preparedFor } from "./prepared.js";
import { letters } from "./schema.js";

/** A Christmas letter as the domain speaks of it. */
export interface Letter {
  text: string;
  updatedAt: string;
}

const statements = preparedFor((db) => ({
  to: db
    .select({ text: letters.text, updatedAt: letters.updatedAt })
    .from(letters)
    .where(eq(letters.toUserId, param("userId")))
    .prepare(),
  from: db
    .select({ text: letters.text, updatedAt: letters.updatedAt })
    .from(letters)
    .where(eq(letters.fromUserId, param("userId")))
    .prepare(),
  write: db
    .insert(letters)
    .values({
      fromUserId: sql.placeholder("fromUserId"),
      toUserId: sql.placeholder("toUserId"),
      text: sql.placeholder("text"),
      updatedAt: sql.placeholder("updatedAt"),
    })
    .onConflictDoUpdate({
      target: letters.fromUserId,
      set: { toUserId: sql`excluded.to_user_id`, text: sql`excluded.text`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ text: letters.text, updatedAt: letters.updatedAt })
    .prepare(),
}));

/** The letter the partner wrote to `userId`, or null until they have written one. */
export function letterTo(db: Db, userId: number): Letter | null {
  return statements(db).to.get({ userId }) ?? null;
}

/** The letter `userId` wrote to the partner (their draft in the editor), or null. */
export function letterFrom(db: Db, userId: number): Letter | null {
  return statements(db).from.get({ userId }) ?? null;
}

/** What a save from a page that read an older version says: the words there are kept. */
export const SAVED_ELSEWHERE =
  "Saved on another device since you wrote these words: nothing was replaced. Read the saved one, then save again to replace it.";

/**
 * Writes (or rewrites) the signed-in partner's own letter to the other partner. `basedOn` names
 * the version the words were written over (null: none): a letter saved since is never replaced.
 */
export function writeLetter(
  db: Db,
  letter: { fromUserId: number; text: string; now?: Date; basedOn?: string | null | undefined },
): Letter {
  const text = refuseUnless(letterText, letter.text, "text");
  return inTransaction(db, () => {
    const saved = letterFrom(db, letter.fromUserId);
    // Already these very words (a save sent again after its answer was lost): done, nothing to replace.
    if (saved?.text === text) return saved;
    if (letter.basedOn !== undefined && (saved?.updatedAt ?? null) !== letter.basedOn) {
      throw new Refusal("conflict", SAVED_ELSEWHERE);
    }
    const partner = otherPartnerOf(db, letter.fromUserId);
    if (!partner) throw new Refusal("not_found", `No partner to write to for ${letter.fromUserId}`);
    return statements(db).write.get({
      fromUserId: letter.fromUserId,
      toUserId: partner.id,
      text,
      // Each save is a new version, even two in one millisecond: a page showing the one before is refused.
      updatedAt: versionAfter(saved?.updatedAt, letter.now ?? new Date()),
    })!;
  });
}
