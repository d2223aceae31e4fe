import type { CoupleConfig, Partner } from "@spankbank/shared/config";
import { and, eq, ne } from "drizzle-orm";
import { reclockBountyDeadlines } from "./bounties.js";
import type { Db, Tx } from "./client.js";
import { inTransaction } from "./client.js";
import { reclockFavourDeadlines } from "./favourDeadlines.js";
import { reclockSealedLetters } from "./laterLetters.js";
import { transfer } from "./ledger.js";
import { param, preparedFor } from "./prepared.js";
import { accounts, transfers, users } from "./schema.js";

export type User = typeof users.$inferSelect;

/**
 * Mirrors the two partners of the config into `users` and makes sure every ledger account
 * exists. Runs at every start; a partner is matched by Discord id, so a renamed login keeps
 * their memories and spanks.
 */
export function syncCouple(db: Db, config: CoupleConfig, now = new Date()): User[] {
  return inTransaction(db, (tx) => {
    const synced = config.partners.map((partner) => {
      // A partner is known by their Discord id; one whose login is known under another id moved to
      // a new Discord account, and stays the same person (their spanks, memories and answers).
      const before = userByDiscordId(tx, partner.discordId) ?? movedToNewAccount(tx, partner);
      const user = upsertPartner(tx, partner);
      // A buyer who moved: the favours they hold still end with the last day they were promised.
      if (before) reclockFavourDeadlines(tx, user.id, before.timeZone, user.timeZone);
      return user;
    });
    for (const user of synced) {
      reclockSealedLetters(tx, user.id, user.timeZone, now);
      // A poster who moved: their bounties stay open to the end of the due day shown, on the new clock.
      reclockBountyDeadlines(tx, user.id, user.timeZone);
      tx.insert(accounts)
        .values({ kind: "user", name: `user:${user.username}`, userId: user.id })
        .onConflictDoUpdate({ target: accounts.userId, set: { name: `user:${user.username}` } })
        .run();
    }
    for (const kind of ["charity", "escrow", "mint"] as const) {
      tx.insert(accounts).values({ kind, name: kind }).onConflictDoNothing().run();
    }
    return synced;
  });
}

/**
 * Gives each partner the config's `economy.startingSpanks` from the mint, once ever per partner
 * (the transfer's reference `starting:<userId>` marks it done). Runs at every start, after
 * `syncCouple`; returns how many partners were paid now.
 */
export function grantStartingSpanks(db: Db, config: CoupleConfig, now = new Date()): number {
  const amount = config.economy.startingSpanks;
  if (amount === 0) return 0;
  return inTransaction(db, (tx) => {
    let granted = 0;
    for (const partner of config.partners) {
      const user = userByDiscordId(tx, partner.discordId);
      if (!user) throw new Error(`syncCouple must run before grantStartingSpanks (${partner.username} missing)`);
      const reference = `starting:${user.id}`;
      const done = tx
        .select({ id: transfers.id })
        .from(transfers)
        .where(and(eq(transfers.kind, "starting"), eq(transfers.reference, reference)))
        .get();
      if (done) continue;
      transfer(tx, {
        from: "mint",
        to: { userId: user.id },
        amount,
        kind: "starting",
        reference,
        memo: "Starting spanks",
        now,
      });
      granted += 1;
    }
    return granted;
  });
}

/** The partner's row under their login when it holds another Discord id, given the new one. */
function movedToNewAccount(tx: Tx, partner: Partner): User | undefined {
  const known = userByUsername(tx, partner.username);
  if (!known) return undefined;
  return tx.update(users).set({ discordId: partner.discordId }).where(eq(users.id, known.id)).returning().get();
}

function upsertPartner(tx: Tx, partner: Partner): User {
  const fields = {
    username: partner.username,
    displayName: partner.displayName,
    responseName: partner.responseName,
    discordId: partner.discordId,
    timeZone: partner.timeZone,
    city: partner.city,
  };
  return tx.insert(users).values(fields).onConflictDoUpdate({ target: users.discordId, set: fields }).returning().get();
}

const statements = preparedFor((db) => ({
  byUsername: db
    .select()
    .from(users)
    .where(eq(users.username, param("username")))
    .prepare(),
  byId: db
    .select()
    .from(users)
    .where(eq(users.id, param("id")))
    .prepare(),
  byDiscordId: db
    .select()
    .from(users)
    .where(eq(users.discordId, param("discordId")))
    .prepare(),
}));

// Apart from the lookups by key: the two-row table is scanned, so no page that reads a user prepares it.
const otherPartnerStatement = preparedFor((db) =>
  db
    .select()
    .from(users)
    .where(ne(users.id, param("id")))
    .prepare(),
);

export function userByUsername(db: Db, username: string): User | undefined {
  return statements(db).byUsername.get({ username });
}

export function userById(db: Db, id: number): User | undefined {
  return statements(db).byId.get({ id });
}

export function userByDiscordId(db: Db, discordId: string): User | undefined {
  return statements(db).byDiscordId.get({ discordId });
}

/** The other partner of the couple `id` belongs to; undefined unless there is exactly one. */
export function otherPartnerOf(db: Db, id: number): User | undefined {
  const others = otherPartnerStatement(db).all({ id });
  return others.length === 1 ? others[0] : undefined;
}

/** Who to name in the bot's announcement of a sale, redemption or confirmation. */
export function buyerAndSeller(tx: Db, buyerId: number, sellerId: number) {
  return {
    buyerId,
    buyerUsername: userById(tx, buyerId)?.username,
    sellerId,
    sellerUsername: userById(tx, sellerId)?.username,
  };
}
