// Passkeys (issue 37): each partner's WebAuthn credentials, another way in beside the password.
import { PASSKEY_NAME_MAX, PASSKEYS_PER_PARTNER_MAX } from "@spankbank/shared/limits";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal } from "./errors.js";
import { LIMIT_ONE, param, preparedFor } from "./prepared.js";
import { passkeys } from "./schema.js";

export type Passkey = typeof passkeys.$inferSelect;
/** What the list shows of a passkey: never its key. */
export type PasskeySummary = Pick<Passkey, "id" | "name" | "createdAt" | "lastUsedAt">;

const summary = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

const statements = preparedFor((db) => ({
  byCredential: db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, param("credentialId")))
    .prepare(),
  ofUser: db
    .select(summary)
    .from(passkeys)
    .where(eq(passkeys.userId, param("userId")))
    // Newest first by id: the order they were added, read off the user index without a sort.
    .orderBy(desc(passkeys.id))
    .prepare(),
  credentialsOfUser: db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, param("userId")))
    .prepare(),
  handleOfUser: db
    .select({ userHandle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.userId, param("userId")))
    // Every passkey of a partner carries the same handle: any one answers.
    .limit(LIMIT_ONE)
    .prepare(),
  countOfUser: db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, param("userId")))
    .prepare(),
  insert: db
    .insert(passkeys)
    .values({
      userId: sql.placeholder("userId"),
      credentialId: sql.placeholder("credentialId"),
      publicKey: sql.placeholder("publicKey"),
      counter: sql.placeholder("counter"),
      userHandle: sql.placeholder("userHandle"),
      transports: sql.placeholder("transports"),
      name: sql.placeholder("name"),
      createdAt: sql.placeholder("createdAt"),
    })
    .returning(summary)
    .prepare(),
  // Two sign-ins racing with one passkey: the counter only ever moves forward.
  used: db
    .update(passkeys)
    .set({
      counter: sql`max(${passkeys.counter}, ${sql.placeholder("counter")})`,
      lastUsedAt: sql`${sql.placeholder("now")}`,
    })
    .where(eq(passkeys.id, param("id")))
    .prepare(),
  remove: db
    .delete(passkeys)
    .where(and(eq(passkeys.id, param("id")), eq(passkeys.userId, param("userId"))))
    .prepare(),
}));

/** The passkey with this credential id, whoever's it is. */
export function passkeyByCredentialId(db: Db, credentialId: string): Passkey | undefined {
  return statements(db).byCredential.get({ credentialId });
}

/** A partner's own passkeys, newest first. */
export function passkeysOf(db: Db, userId: number): PasskeySummary[] {
  return statements(db).ofUser.all({ userId });
}

/** The credential ids (and transports) of a partner's passkeys: a new one must not repeat them. */
export function passkeyCredentialsOf(db: Db, userId: number): { credentialId: string; transports: string[] }[] {
  return statements(db).credentialsOfUser.all({ userId });
}

/** The WebAuthn user handle a partner's passkeys carry, if they have one already. */
export function passkeyUserHandleOf(db: Db, userId: number): string | undefined {
  return statements(db).handleOfUser.get({ userId })?.userHandle;
}

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  userHandle: string;
  transports: string[];
  /** Given by the partner, or "Passkey N" when left out. */
  name: string | undefined;
}

/** Adds a verified passkey to its partner: refused when any partner has it already or they have the most allowed. */
export function addPasskey(db: Db, passkey: NewPasskey, now = new Date()): PasskeySummary {
  return inTransaction(db, () => {
    if (passkeyByCredentialId(db, passkey.credentialId)) {
      // The same answer whoever's it is: naming the other partner would tell who holds it.
      throw new Refusal("conflict", "This passkey is already added.");
    }
    const held = statements(db).countOfUser.get({ userId: passkey.userId })?.n ?? 0;
    if (held >= PASSKEYS_PER_PARTNER_MAX) {
      throw new Refusal(
        "conflict",
        `You have ${PASSKEYS_PER_PARTNER_MAX} passkeys, the most there can be. Remove one before adding another.`,
      );
    }
    const name = (passkey.name ?? `Passkey ${held + 1}`).slice(0, PASSKEY_NAME_MAX);
    return statements(db).insert.get({
      ...passkey,
      publicKey: Buffer.from(passkey.publicKey),
      name,
      createdAt: isoNow(now),
    })!;
  });
}

/** A sign-in with this passkey succeeded: its counter moves on and it was used now. */
export function markPasskeyUsed(db: Db, id: number, counter: number, now = new Date()): void {
  statements(db).used.run({ id, counter, now: isoNow(now) });
}

/** Removes one of the partner's own passkeys; someone else's, or none, is not found. */
export function removePasskey(db: Db, userId: number, id: number): void {
  if (statements(db).remove.run({ id, userId }).changes === 0) throw new Refusal("not_found", "No such passkey.");
}
