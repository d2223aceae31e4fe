// Bounties (issue 36): a task one partner posts for the other, its reward held in escrow at once.
import { type BountyBody, bountyBody } from "@spankbank/shared/contract/bounties";
import {
  BOUNTIES_UNSETTLED_MAX,
  BOUNTY_DONE_GRACE_MS,
  BOUNTY_LIST_MAX,
  BOUNTY_NOTE_MAX,
} from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { and, desc, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { discardBountyPhoto, sameBountyPhoto } from "./bountyPhotos.js";
import { type Db, eachInItsOwnSavepoint, inTransaction, type Tx } from "./client.js";
import { dayIn, endOfDay, isoNow } from "./clock.js";
import { otherPartnerOf, userById } from "./couple.js";
import { Refusal, refuseUnless } from "./errors.js";
import { transfer } from "./ledger.js";
import type { StoredImage } from "./media.js";
import { enqueueEvent, withdrawAnnouncements } from "./outbox.js";
import { param, preparedFor } from "./prepared.js";
import { bounties, users } from "./schema.js";
import { cleanText } from "./text.js";

type BountyRow = typeof bounties.$inferSelect;
export type BountyStatus = BountyRow["status"];

/** A bounty as both partners see it, with who posted and who claimed it by login name. */
export interface Bounty extends BountyRow {
  posterUsername: string;
  doerUsername: string | null;
}

const poster = alias(users, "poster");
const doer = alias(users, "doer");

const statements = preparedFor((db) => {
  const withNames = () =>
    db
      .select({ bounty: bounties, posterUsername: poster.username, doerUsername: doer.username })
      .from(bounties)
      .innerJoin(poster, eq(poster.id, bounties.posterId))
      .leftJoin(doer, eq(doer.id, bounties.doerId));
  const id = param("id");
  const status = param("status");
  return {
    one: withNames().where(eq(bounties.id, id)).prepare(),
    // Both through bounties_by_settled, in its order. Every unsettled one: each holds its reward in
    // escrow, and one left off the list could be neither claimed nor withdrawn.
    unsettled: withNames().where(isNull(bounties.settledAt)).orderBy(desc(bounties.id)).prepare(),
    unsettledCount: db
      .select({ count: sql<number>`count(*)` })
      .from(bounties)
      .where(isNull(bounties.settledAt))
      .prepare(),
    settled: withNames()
      .where(isNotNull(bounties.settledAt))
      .orderBy(desc(bounties.settledAt), desc(bounties.id))
      .limit(param("limit"))
      .prepare(),
    // Through bounties_by_status: only the unsettled with a due instant are read.
    overdue: db
      .select({ id: bounties.id })
      .from(bounties)
      .where(and(sql`${bounties.status} IN ('open', 'claimed')`, lte(bounties.dueAt, param("now"))))
      .prepare(),
    insert: db
      .insert(bounties)
      .values({
        posterId: sql.placeholder("posterId"),
        title: sql.placeholder("title"),
        reward: sql.placeholder("reward"),
        status: "open",
        dueDay: sql.placeholder("dueDay"),
        dueAt: sql.placeholder("dueAt"),
        createdAt: sql.placeholder("createdAt"),
      })
      .returning({ id: bounties.id })
      .prepare(),
    linkEscrow: db
      .update(bounties)
      .set({ escrowTransferId: sql`${param("transferId")}` })
      .where(eq(bounties.id, id))
      .prepare(),
    // Each change is guarded by the status it leaves, so a race or a repeat changes nothing twice.
    claim: db
      .update(bounties)
      .set({ status: "claimed", doerId: sql`${param("doerId")}`, claimedAt: sql`${param("now")}` })
      .where(and(eq(bounties.id, id), eq(bounties.status, "open")))
      .prepare(),
    done: db
      .update(bounties)
      .set({
        status: "done",
        doneNote: sql`${param("note")}`,
        donePhotoFile: sql`${param("photoFile")}`,
        donePhotoType: sql`${param("photoType")}`,
        doneAt: sql`${param("now")}`,
      })
      .where(and(eq(bounties.id, id), eq(bounties.status, "claimed")))
      .prepare(),
    sendBack: db
      .update(bounties)
      .set({ status: "claimed", sentBackReason: sql`${param("reason")}` })
      .where(and(eq(bounties.id, id), eq(bounties.status, "done")))
      .prepare(),
    settle: db
      .update(bounties)
      .set({
        status: sql`${param("to")}`,
        settledAt: sql`${param("now")}`,
        settleTransferId: sql`${param("transferId")}`,
      })
      .where(and(eq(bounties.id, id), eq(bounties.status, status)))
      .prepare(),
  };
});

function named(row: { bounty: BountyRow; posterUsername: string; doerUsername: string | null }): Bounty {
  return { ...row.bounty, posterUsername: row.posterUsername, doerUsername: row.doerUsername };
}

function bountyOf(db: Db, id: number): Bounty {
  const row = statements(db).one.get({ id });
  if (!row) throw new Refusal("not_found", "That bounty does not exist.");
  return named(row);
}

/** Every unsettled bounty, then the latest settled ones (BOUNTY_LIST_MAX in all). */
export function listBounties(db: Db): Bounty[] {
  const unsettled = statements(db).unsettled.all();
  const limit = BOUNTY_LIST_MAX - unsettled.length;
  const settled = limit > 0 ? statements(db).settled.all({ limit }) : [];
  return [...unsettled, ...settled].map(named);
}

/**
 * `posterId` posts a task for the other partner: the reward goes from the poster to escrow now
 * (refused, nothing written, when they have too little). A due day ends at the poster's midnight.
 */
export function postBounty(
  db: Db,
  posterId: number,
  input: BountyBody,
  now = new Date(),
  { sameWithinMs }: { sameWithinMs?: number } = {},
): Bounty & { postedBefore?: boolean } {
  const body = refuseUnless(bountyBody, input, "bounty");
  return inTransaction(db, (tx) => {
    const me = userById(tx, posterId);
    const other = otherPartnerOf(tx, posterId);
    if (!me || !other) throw new Refusal("not_found", "No such partner.");
    const dueDay = body.due_date ?? null;
    // The same bounty posted within `sameWithinMs` is that one (a command sent again after its
    // answer was lost), not a second with its reward held twice.
    if (sameWithinMs !== undefined) {
      const earlier = tx
        .select({ id: bounties.id })
        .from(bounties)
        .where(
          and(
            eq(bounties.posterId, posterId),
            eq(bounties.title, body.title),
            eq(bounties.reward, body.reward),
            dueDay === null ? isNull(bounties.dueDay) : eq(bounties.dueDay, dueDay),
            gte(bounties.createdAt, isoNow(new Date(now.getTime() - sameWithinMs))),
          ),
        )
        .orderBy(desc(bounties.id))
        .get();
      if (earlier) return { ...bountyOf(tx, earlier.id), postedBefore: true };
    }
    if (dueDay !== null && dueDay < dayIn(me.timeZone, now)) {
      throw new Refusal("invalid", "due_date: must be today or later");
    }
    const prepared = statements(tx);
    if (prepared.unsettledCount.get()!.count >= BOUNTIES_UNSETTLED_MAX) {
      throw new Refusal(
        "conflict",
        `${BOUNTIES_UNSETTLED_MAX} bounties are waiting already: withdraw or settle one before posting another.`,
      );
    }
    const dueAt = dueDay === null ? null : endOfDay(dueDay, me.timeZone);
    const { id } = prepared.insert.get({
      posterId,
      title: body.title,
      reward: body.reward,
      dueDay,
      dueAt,
      createdAt: isoNow(now),
    })!;
    const held = transfer(tx, {
      from: { userId: posterId },
      to: "escrow",
      amount: body.reward,
      kind: "bounty",
      reference: `bounty:${id}`,
      memo: `Bounty "${body.title}"`,
      now,
    });
    prepared.linkEscrow.run({ id, transferId: held.id });
    enqueueEvent(tx, "bounty_posted", eventOf(bountyOf(tx, id)), now, other.id);
    return bountyOf(tx, id);
  });
}

/**
 * A poster who moved (a new timeZone in couple.config.json): each bounty of theirs not settled yet
 * keeps its due day, now ending at midnight on their new clock, so it is refunded when the day shown
 * is over there. Run with every sync of the couple; nothing changes while the zone stands.
 */
export function reclockBountyDeadlines(tx: Tx, posterId: number, timeZone: string): void {
  const unsettled = tx
    .select({ id: bounties.id, dueDay: bounties.dueDay, dueAt: bounties.dueAt })
    .from(bounties)
    .where(and(eq(bounties.posterId, posterId), isNull(bounties.settledAt), isNotNull(bounties.dueDay)))
    .all();
  for (const bounty of unsettled) {
    const dueAt = endOfDay(bounty.dueDay!, timeZone);
    if (dueAt !== bounty.dueAt) tx.update(bounties).set({ dueAt }).where(eq(bounties.id, bounty.id)).run();
  }
}

/** The other partner takes it on. Claiming what you already claimed changes nothing. */
export function claimBounty(db: Db, userId: number, bountyId: number, now = new Date()): Bounty {
  return inTransaction(db, (tx) => {
    const bounty = bountyOf(tx, bountyId);
    if (bounty.posterId === userId) throw new Refusal("forbidden", "You cannot claim your own bounty.");
    if (bounty.doerId === userId && bounty.status !== "refunded") return bounty;
    if (bounty.status !== "open") throw new Refusal("conflict", `"${bounty.title}" is ${statusWords(bounty)}.`);
    statements(tx).claim.run({ id: bountyId, doerId: userId, now: isoNow(now) });
    return bountyOf(tx, bountyId);
  });
}

/**
 * The doer says it is done, with a note and optionally a photo already stored (`storeBountyPhoto`),
 * claiming it first if still open; the poster is told. Saying so again (the same note and photo)
 * while it waits for the poster changes nothing; another note or photo is refused. The photo of a
 * done sent back is removed once this one replaces it.
 */
export function markBountyDone(
  db: Db,
  userId: number,
  bountyId: number,
  note: string,
  now = new Date(),
  photo?: StoredImage,
): Bounty {
  const words = cleanText(note, { field: "note", max: BOUNTY_NOTE_MAX, multiline: true });
  /** The photo of a done that was sent back, which this done replaces. */
  let earlierPhoto: string | null = null;
  const done = inTransaction(db, (tx) => {
    let bounty = claimBounty(tx, userId, bountyId, now);
    if (bounty.status === "done" || bounty.status === "approved") {
      // Sent again (an answer lost on the way) it changes nothing; other words or another photo,
      // from a page that still showed it claimed, are refused rather than thrown away unseen.
      if (bounty.doneNote === words && sameBountyPhoto(tx, bounty.donePhotoFile, photo)) return bounty;
      throw new Refusal(
        "conflict",
        `"${bounty.title}" was marked done already, with another note or photo: this one was not kept.`,
      );
    }
    if (bounty.status !== "claimed") throw new Refusal("conflict", `"${bounty.title}" is ${statusWords(bounty)}.`);
    // Said when it was sent (a command's moment), not when it reached us: the deadline check waits
    // BOUNTY_DONE_GRACE_MS for a done sent in time, and one sent after the due day is late whatever
    // the check has done yet.
    if (bounty.dueAt !== null && now.getTime() > Date.parse(bounty.dueAt)) {
      throw new Refusal("conflict", `"${bounty.title}" passed its due day: it can no longer be marked done.`);
    }
    earlierPhoto = bounty.donePhotoFile;
    statements(tx).done.run({
      id: bountyId,
      note: words,
      photoFile: photo?.fileName ?? null,
      photoType: photo?.contentType ?? null,
      now: isoNow(now),
    });
    bounty = bountyOf(tx, bountyId);
    enqueueEvent(tx, "bounty_done", eventOf(bounty), now, bounty.posterId);
    return bounty;
  });
  // Once committed: no row names it now (backups keep their own copy).
  if (earlierPhoto !== null && earlierPhoto !== done.donePhotoFile) discardBountyPhoto(db, { fileName: earlierPhoto });
  return done;
}

/**
 * The poster approves what was done: the reward goes from escrow to the doer, once. With `doneAt`
 * (the done the poster's page showed), one sent back and done again since is refused, not paid unseen.
 */
export function approveBounty(db: Db, userId: number, bountyId: number, now = new Date(), doneAt?: string): Bounty {
  return inTransaction(db, (tx) => {
    const bounty = posterOnly(tx, userId, bountyId, "approve");
    if (bounty.status === "approved") return bounty;
    if (bounty.status !== "done") throw new Refusal("conflict", `"${bounty.title}" is ${statusWords(bounty)}.`);
    refuseUnlessDoneAsShown(bounty, doneAt, "nothing was paid. Look at what was done now before approving.");
    settle(tx, bounty, "approved", now);
    const approved = bountyOf(tx, bountyId);
    enqueueEvent(tx, "bounty_approved", eventOf(approved), now, approved.doerId);
    return approved;
  });
}

/** The poster sends it back to the doer with a reason: claimed again, the reward still in escrow. */
export function sendBackBounty(
  db: Db,
  userId: number,
  bountyId: number,
  reason: string,
  now = new Date(),
  doneAt?: string,
): Bounty {
  const why = cleanText(reason, { field: "reason", max: BOUNTY_NOTE_MAX });
  return inTransaction(db, (tx) => {
    const bounty = posterOnly(tx, userId, bountyId, "send back");
    if (bounty.status === "claimed" && bounty.sentBackReason === why) return bounty;
    if (bounty.status !== "done") throw new Refusal("conflict", `"${bounty.title}" is ${statusWords(bounty)}.`);
    refuseUnlessDoneAsShown(bounty, doneAt, "nothing was sent back. Look at what was done now first.");
    // Sent back now, it could never be done again in time, and the deadline check would refund it:
    // work done in time is approved, not cancelled.
    if (bounty.dueAt !== null && now.getTime() > Date.parse(bounty.dueAt)) {
      throw new Refusal(
        "conflict",
        `"${bounty.title}" was done in time and its due day has passed, so it can no longer be sent back: approve it.`,
      );
    }
    statements(tx).sendBack.run({ id: bountyId, reason: why });
    const sentBack = bountyOf(tx, bountyId);
    enqueueEvent(tx, "bounty_sent_back", eventOf(sentBack), now, sentBack.doerId);
    return sentBack;
  });
}

/** The poster takes back a bounty nobody claimed: the reward goes back to them, once. */
export function withdrawBounty(db: Db, userId: number, bountyId: number, now = new Date()): Bounty {
  return inTransaction(db, (tx) => {
    const bounty = posterOnly(tx, userId, bountyId, "withdraw");
    if (bounty.status === "refunded") return bounty;
    if (bounty.status !== "open") throw new Refusal("conflict", `"${bounty.title}" is ${statusWords(bounty)}.`);
    settle(tx, bounty, "refunded", now);
    // Its "posted" may still wait for the partner's morning digest: it would offer a bounty gone.
    withdrawAnnouncements(tx, "bounty_posted", bountyId, "the bounty was withdrawn", now);
    return bountyOf(tx, bountyId);
  });
}

/**
 * The periodic deadline check (with the favours'): every bounty past its due day (and
 * BOUNTY_DONE_GRACE_MS) and not done is refunded to its poster, once, and both are told. A bounty
 * done and waiting for the poster's word is not expired: the doer did it in time.
 */
export function settleBountyDeadlines(db: Db, now = new Date()): BountiesSettled {
  return inTransaction(db, (tx) => {
    const overdue = statements(tx).overdue.all({ now: isoNow(new Date(now.getTime() - BOUNTY_DONE_GRACE_MS)) });
    const { done: refunded, failed } = eachInItsOwnSavepoint(tx, overdue, (bountyTx, { id }) => {
      settle(bountyTx, bountyOf(bountyTx, id), "refunded", now);
      enqueueEvent(bountyTx, "bounty_refunded", eventOf(bountyOf(bountyTx, id)), now);
      return true;
    });
    const stuck = failed.map(({ item, why }) => ({ bountyId: item.id, why }));
    return stuck.length > 0 ? { refunded, stuck } : { refunded };
  });
}

export interface BountiesSettled {
  refunded: number;
  /** Bounties whose refund failed (their rows disagree: see the health check); each is left as it was. */
  stuck?: { bountyId: number; why: string }[];
}

/**
 * The poster acts on the done their page showed (`doneAt`, left out by an older page), never on one
 * done again since elsewhere: refused (409), saying what was not done.
 */
function refuseUnlessDoneAsShown(bounty: Bounty, doneAt: string | undefined, notDone: string): void {
  if (doneAt !== undefined && doneAt !== bounty.doneAt) {
    throw new Refusal("conflict", `"${bounty.title}" was done again since your page showed it: ${notDone}`);
  }
}

function posterOnly(tx: Tx, userId: number, bountyId: number, what: string): Bounty {
  const bounty = bountyOf(tx, bountyId);
  if (bounty.posterId !== userId)
    throw new Refusal("forbidden", `Only the partner who posted a bounty can ${what} it.`);
  return bounty;
}

/** The reward leaves escrow: to the doer (approved) or back to the poster (refunded). */
function settle(tx: Tx, bounty: Bounty, to: "approved" | "refunded", now: Date): void {
  const paid = transfer(tx, {
    from: "escrow",
    to: { userId: to === "approved" ? bounty.doerId! : bounty.posterId },
    amount: bounty.reward,
    kind: to === "approved" ? "bounty_payout" : "bounty_refund",
    reference: `bounty:${bounty.id}`,
    memo: to === "approved" ? `Bounty "${bounty.title}" approved` : `Bounty "${bounty.title}" refunded`,
    now,
  });
  const marked = statements(tx).settle.run({
    id: bounty.id,
    status: bounty.status,
    to,
    now: isoNow(now),
    transferId: paid.id,
  });
  // Unreachable inside the IMMEDIATE transaction; if it ever were, the transfer above rolls back.
  if (marked.changes !== 1) throw new Refusal("conflict", `"${bounty.title}" was settled meanwhile.`);
}

function statusWords(bounty: Bounty): string {
  switch (bounty.status) {
    case "open":
      return "not claimed yet";
    case "claimed":
      return "claimed and not done yet";
    case "done":
      return "done and waiting for approval";
    case "approved":
      return `approved already (${spanks(bounty.reward)} paid)`;
    case "refunded":
      return "refunded already";
  }
}

function eventOf(bounty: Bounty): Record<string, unknown> {
  return {
    bountyId: bounty.id,
    title: bounty.title,
    reward: bounty.reward,
    posterId: bounty.posterId,
    doerId: bounty.doerId,
    dueAt: bounty.dueAt,
    note: bounty.doneNote,
    reason: bounty.sentBackReason,
  };
}
