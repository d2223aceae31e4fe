import { instantAt } from "@spankbank/shared/calendar";
import { type LetterOpening, laterLetterBody } from "@spankbank/shared/contract/laterLetters";
import { ANNIVERSARY_OPENING_TIME, momentLabel, nextAnniversaryOpening } from "@spankbank/shared/letterMoments";
import { LATER_LETTER_YEARS_MAX, LATER_LETTERS_WAITING_MAX } from "@spankbank/shared/limits";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow, versionAfter } from "./clock.js";
import { Refusal, refuseUnless } from "./errors.js";
import { enqueueEvent, withdrawAnnouncements } from "./outbox.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor } from "./prepared.js";
import { laterLetters, users } from "./schema.js";

/** sealed: its moment has not come; ready: the recipient may open it now; open: they have. */
export type LaterLetterState = "sealed" | "ready" | "open";

/** A letter for later as the domain speaks of it. `text` is null for a recipient who has not opened it. */
export interface LaterLetter {
  id: number;
  fromUserId: number;
  toUserId: number;
  from: string;
  to: string;
  opening: LetterOpening;
  opensAt: string | null;
  state: LaterLetterState;
  text: string | null;
  writtenAt: string;
  updatedAt: string;
  openedAt: string | null;
}

export interface LaterLetters {
  toYou: LaterLetter[];
  fromYou: LaterLetter[];
}

type Row = typeof laterLetters.$inferSelect;
interface Person {
  id: number;
  username: string;
  displayName: string;
  timeZone: string;
}

const statements = preparedFor((db) => ({
  people: db
    .select({ id: users.id, username: users.username, displayName: users.displayName, timeZone: users.timeZone })
    .from(users)
    .orderBy(asc(users.id))
    .prepare(),
  to: db
    .select()
    .from(laterLetters)
    .where(eq(laterLetters.toUserId, param("userId")))
    .orderBy(desc(laterLetters.id))
    .prepare(),
  from: db
    .select()
    .from(laterLetters)
    .where(eq(laterLetters.fromUserId, param("userId")))
    .orderBy(desc(laterLetters.id))
    .prepare(),
  byId: db
    .select()
    .from(laterLetters)
    .where(eq(laterLetters.id, param("id")))
    .prepare(),
  toPage: db
    .select()
    .from(laterLetters)
    .where(eq(laterLetters.toUserId, param("userId")))
    .orderBy(desc(laterLetters.id))
    .limit(param("limit"))
    .offset(param("offset"))
    .prepare(),
  fromPage: db
    .select()
    .from(laterLetters)
    .where(eq(laterLetters.fromUserId, param("userId")))
    .orderBy(desc(laterLetters.id))
    .limit(param("limit"))
    .offset(param("offset"))
    .prepare(),
  toCount: db
    .select({ total: count() })
    .from(laterLetters)
    .where(eq(laterLetters.toUserId, param("userId")))
    .prepare(),
  toWaitingCount: db
    .select({ total: count() })
    .from(laterLetters)
    .where(
      and(
        eq(laterLetters.toUserId, param("userId")),
        isNull(laterLetters.openedAt),
        isNotNull(laterLetters.opensAt),
        lte(laterLetters.opensAt, param("now")),
      ),
    )
    .prepare(),
  fromCount: db
    .select({ total: count() })
    .from(laterLetters)
    .where(eq(laterLetters.fromUserId, param("userId")))
    .prepare(),
}));

function stateOf(row: Row, now: Date): LaterLetterState {
  if (row.openedAt !== null) return "open";
  if (row.opensAt !== null && row.opensAt > isoNow(now)) return "sealed";
  return "ready";
}

function openingOf(row: Row): LetterOpening {
  switch (row.openingKind) {
    case "date":
      return { kind: "date", date: row.opensOn!, time: row.opensTime! };
    case "anniversary":
      return { kind: "anniversary" };
    case "openWhen":
      return { kind: "openWhen", moment: row.moment as Extract<LetterOpening, { kind: "openWhen" }>["moment"] };
  }
}

function people(db: Db): Map<number, Person> {
  return new Map(
    statements(db)
      .people.all()
      .map((person) => [person.id, person]),
  );
}

/** The letter as `readerId` may see it: the text only for its writer, or for its recipient once opened. */
function asSeenBy(row: Row, readerId: number, who: Map<number, Person>, now: Date): LaterLetter {
  const state = stateOf(row, now);
  return {
    id: row.id,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    from: who.get(row.fromUserId)?.username ?? "",
    to: who.get(row.toUserId)?.username ?? "",
    opening: openingOf(row),
    opensAt: row.opensAt,
    state,
    text: readerId === row.fromUserId || state === "open" ? row.text : null,
    writtenAt: row.createdAt,
    updatedAt: row.updatedAt,
    openedAt: row.openedAt,
  };
}

/** Letters to `userId` (sealed ones without their text) and the letters they wrote, newest first. */
export function laterLettersFor(db: Db, userId: number, now = new Date()): LaterLetters {
  const who = people(db);
  return {
    toYou: statements(db)
      .to.all({ userId })
      .map((row) => asSeenBy(row, userId, who, now)),
    fromYou: statements(db)
      .from.all({ userId })
      .map((row) => asSeenBy(row, userId, who, now)),
  };
}

export interface LaterLetterPage extends LaterLetters {
  /** The page of the letters to you shown, and how many there are. */
  toYouPage: number;
  toYouPageCount: number;
  /** The page of the letters you wrote shown, and how many there are. */
  fromYouPage: number;
  fromYouPageCount: number;
  toYouTotal: number;
  fromYouTotal: number;
  /** Letters to you, dated or anniversary, whose moment has come and that are not opened yet (on any page). */
  toYouWaiting: number;
}

/**
 * A page of each list (`pageSize` letters, newest first), each list paged by itself: years of
 * letters are megabytes, and one partner may write many more than the other. A page past a list's
 * end answers its last page.
 */
export function laterLetterPage(
  db: Db,
  userId: number,
  pages: { toYou: number; fromYou: number },
  pageSize: number,
  now = new Date(),
): LaterLetterPage {
  const prepared = statements(db);
  const toYouTotal = prepared.toCount.get({ userId })?.total ?? 0;
  const fromYouTotal = prepared.fromCount.get({ userId })?.total ?? 0;
  const toYouWindow = pageWindow(toYouTotal, pages.toYou, pageSize);
  const fromYouWindow = pageWindow(fromYouTotal, pages.fromYou, pageSize);
  const who = people(db);
  const seen = (row: Row) => asSeenBy(row, userId, who, now);
  return {
    toYou: prepared.toPage.all({ userId, limit: toYouWindow.limit, offset: toYouWindow.offset }).map(seen),
    fromYou: prepared.fromPage.all({ userId, limit: fromYouWindow.limit, offset: fromYouWindow.offset }).map(seen),
    toYouPage: toYouWindow.page,
    toYouPageCount: toYouWindow.pageCount,
    fromYouPage: fromYouWindow.page,
    fromYouPageCount: fromYouWindow.pageCount,
    toYouTotal,
    fromYouTotal,
    toYouWaiting: prepared.toWaitingCount.get({ userId, now: isoNow(now) })?.total ?? 0,
  };
}

/** A letter `userId` wrote or that was written to them; anyone else's is not found. */
function letterOf(db: Db, userId: number, id: number): Row {
  const row = statements(db).byId.get({ id });
  if (!row || (row.fromUserId !== userId && row.toUserId !== userId)) {
    throw new Refusal("not_found", `No letter ${id}`);
  }
  return row;
}

/** "This letter opens Thu 24 Dec, 08:00 your time." */
function sealedRefusal(row: Row, who: Map<number, Person>, now: Date): Refusal {
  const zone = who.get(row.toUserId)?.timeZone ?? "UTC";
  return new Refusal(
    "conflict",
    `This letter is sealed until ${momentLabel(new Date(row.opensAt!), zone, now)} your time.`,
  );
}

export interface WrittenLetter {
  fromUserId: number;
  text: unknown;
  opening: unknown;
  /** The couple's anniversary from the config ("MM-DD" or "YYYY-MM-DD"), if set. */
  anniversary?: string | undefined;
  now?: Date;
}

interface Opening {
  opening: LetterOpening;
  opensOn: string | null;
  opensTime: string | null;
  moment: string | null;
  opensAt: string | null;
}

/** Where a letter's moment falls on the recipient's clock; a moment already past is refused. */
function openingFor(opening: LetterOpening, recipient: Person, anniversary: string | undefined, now: Date): Opening {
  switch (opening.kind) {
    case "date": {
      const at = instantAt(opening.date, opening.time, recipient.timeZone);
      if (at <= now) {
        throw new Refusal(
          "invalid",
          `opening.date: ${opening.date} at ${opening.time} has already passed on ${recipient.displayName}'s clock`,
        );
      }
      const latest = new Date(now);
      latest.setUTCFullYear(latest.getUTCFullYear() + LATER_LETTER_YEARS_MAX);
      if (at > latest) {
        throw new Refusal("invalid", `opening.date: must be within ${LATER_LETTER_YEARS_MAX} years`);
      }
      return { opening, opensOn: opening.date, opensTime: opening.time, moment: null, opensAt: isoNow(at) };
    }
    case "anniversary": {
      if (!anniversary) {
        throw new Refusal(
          "invalid",
          "opening.kind: no anniversary is set (add anniversary to couple.config.json, or run npm run setup)",
        );
      }
      const next = nextAnniversaryOpening(anniversary, recipient.timeZone, now);
      return { opening, opensOn: next.date, opensTime: null, moment: null, opensAt: isoNow(next.at) };
    }
    case "openWhen":
      return { opening, opensOn: null, opensTime: null, moment: opening.moment, opensAt: null };
  }
}

function partnerOf(who: Map<number, Person>, userId: number): Person {
  const partner = [...who.values()].find((person) => person.id !== userId);
  if (!partner || !who.has(userId)) throw new Refusal("not_found", `No partner to write to for ${userId}`);
  return partner;
}

/** Seals a new letter from the signed-in partner to the other, to open at its moment. */
export function writeLaterLetter(db: Db, letter: WrittenLetter): LaterLetter {
  const body = refuseUnless(laterLetterBody, { text: letter.text, opening: letter.opening }, "letter");
  const now = letter.now ?? new Date();
  return inTransaction(db, () => {
    const who = people(db);
    const recipient = partnerOf(who, letter.fromUserId);
    const opening = openingFor(body.opening, recipient, letter.anniversary, now);
    const waiting = db
      .select({ n: sql<number>`count(*)` })
      .from(laterLetters)
      .where(and(eq(laterLetters.fromUserId, letter.fromUserId), isNull(laterLetters.openedAt)))
      .get()!.n;
    if (waiting >= LATER_LETTERS_WAITING_MAX) {
      throw new Refusal(
        "conflict",
        `You have ${LATER_LETTERS_WAITING_MAX} letters waiting to be opened; take one back before writing another.`,
      );
    }
    const row = db
      .insert(laterLetters)
      .values({
        fromUserId: letter.fromUserId,
        toUserId: recipient.id,
        text: body.text,
        openingKind: opening.opening.kind,
        opensOn: opening.opensOn,
        opensTime: opening.opensTime,
        moment: opening.moment,
        opensAt: opening.opensAt,
        createdAt: isoNow(now),
        updatedAt: isoNow(now),
      })
      .returning()
      .get();
    return asSeenBy(row, letter.fromUserId, who, now);
  });
}

/** The writer's own letter that has not opened yet: only that may be changed or taken back. */
function ownUnopened(db: Db, userId: number, id: number, now: Date): Row {
  const row = letterOf(db, userId, id);
  if (row.fromUserId !== userId) throw new Refusal("forbidden", "Only the partner who wrote a letter can change it.");
  const state = stateOf(row, now);
  const waiting = state === "sealed" || (row.openingKind === "openWhen" && state === "ready");
  if (!waiting) {
    throw new Refusal("conflict", "This letter has opened; it can no longer be changed or taken back.");
  }
  return row;
}

/** What a rewrite from a page that showed an older version is refused with: the words there are kept. */
export const SEALED_ELSEWHERE =
  "This letter was sealed again on another device since you opened it: nothing was replaced. Read the sealed one, then seal again to replace it.";

/**
 * Rewrites a letter (text and moment) until it opens. With `basedOn` (the `updatedAt` the form
 * showed), a letter sealed again since is refused, unless it already reads as asked: a rewrite sent
 * again after its answer was lost is done.
 */
export function editLaterLetter(
  db: Db,
  edit: WrittenLetter & { id: number; basedOn?: string | undefined },
): LaterLetter {
  const body = refuseUnless(laterLetterBody, { text: edit.text, opening: edit.opening }, "letter");
  const now = edit.now ?? new Date();
  return inTransaction(db, () => {
    const before = ownUnopened(db, edit.fromUserId, edit.id, now);
    const who = people(db);
    if (edit.basedOn !== undefined && edit.basedOn !== before.updatedAt) {
      if (before.text === body.text && sameOpening(openingOf(before), body.opening)) {
        return asSeenBy(before, edit.fromUserId, who, now);
      }
      throw new Refusal("conflict", SEALED_ELSEWHERE);
    }
    const opening = openingFor(body.opening, partnerOf(who, edit.fromUserId), edit.anniversary, now);
    // Announced already, yet sealed again (the clock was set back past its moment): a new moment is
    // announced when it comes, and the old moment's announcement, if not posted yet, never is.
    const moved = before.announcedAt !== null && opening.opensAt !== before.opensAt;
    if (moved)
      withdrawAnnouncements(db, "letter_opened", edit.id, "the letter's opening was moved before it opened", now);
    const row = db
      .update(laterLetters)
      .set({
        text: body.text,
        openingKind: opening.opening.kind,
        opensOn: opening.opensOn,
        opensTime: opening.opensTime,
        moment: opening.moment,
        opensAt: opening.opensAt,
        ...(moved ? { announcedAt: null } : {}),
        // Each rewrite is a new version, even two in one millisecond: a form showing the one before is refused.
        updatedAt: versionAfter(before.updatedAt, now),
      })
      .where(eq(laterLetters.id, edit.id))
      .returning()
      .get()!;
    return asSeenBy(row, edit.fromUserId, who, now);
  });
}

function sameOpening(stored: LetterOpening, asked: LetterOpening): boolean {
  switch (asked.kind) {
    case "date":
      return stored.kind === "date" && stored.date === asked.date && stored.time === asked.time;
    case "anniversary":
      return stored.kind === "anniversary";
    case "openWhen":
      return stored.kind === "openWhen" && stored.moment === asked.moment;
  }
}

/** What taking back a letter sealed again since the page showed it is refused with: the new words are kept. */
export const SEALED_AGAIN_BEFORE_TAKE_BACK =
  "This letter was sealed again on another device since you opened it: it was not taken back. Read the sealed one, then take it back if you still want to.";

/**
 * Takes a letter back (deletes it) before it opens, as the page showed it (`basedOn`, its
 * `updatedAt`): one sealed again since is kept, since a take-back cannot be undone.
 */
export function takeBackLaterLetter(
  db: Db,
  taken: { userId: number; id: number; basedOn: string; now?: Date | undefined },
): void {
  const now = taken.now ?? new Date();
  inTransaction(db, () => {
    const before = ownUnopened(db, taken.userId, taken.id, now);
    if (taken.basedOn !== before.updatedAt) throw new Refusal("conflict", SEALED_AGAIN_BEFORE_TAKE_BACK);
    if (before.announcedAt !== null)
      withdrawAnnouncements(db, "letter_opened", taken.id, "the letter was taken back", now);
    db.delete(laterLetters).where(eq(laterLetters.id, taken.id)).run();
  });
}

/**
 * One letter with its text: always for its writer; for its recipient only once they opened it. A
 * sealed one is refused with its moment; one ready to open asks to be opened first.
 */
export function readLaterLetter(db: Db, read: { userId: number; id: number; now?: Date }): LaterLetter {
  const now = read.now ?? new Date();
  const row = letterOf(db, read.userId, read.id);
  const who = people(db);
  if (row.toUserId === read.userId) {
    const state = stateOf(row, now);
    if (state === "sealed") throw sealedRefusal(row, who, now);
    if (state === "ready") throw new Refusal("conflict", "Open this letter first.");
  }
  return asSeenBy(row, read.userId, who, now);
}

/**
 * The recipient opens a letter: an "open when..." letter whenever they like, a dated or anniversary
 * one once its moment has come. The first opening is recorded (the writer sees it); opening again
 * reads it again.
 */
export function openLaterLetter(db: Db, open: { userId: number; id: number; now?: Date }): LaterLetter {
  const now = open.now ?? new Date();
  return inTransaction(db, () => {
    const row = letterOf(db, open.userId, open.id);
    const who = people(db);
    if (row.toUserId !== open.userId) {
      throw new Refusal(
        "forbidden",
        `Only ${who.get(row.toUserId)?.displayName ?? "its recipient"} can open this letter.`,
      );
    }
    if (stateOf(row, now) === "sealed") throw sealedRefusal(row, who, now);
    const opened =
      row.openedAt === null
        ? db
            .update(laterLetters)
            .set({ openedAt: isoNow(now) })
            .where(eq(laterLetters.id, row.id))
            .returning()
            .get()!
        : row;
    return asSeenBy(opened, open.userId, who, now);
  });
}

/**
 * Queues one announcement for each dated or anniversary letter whose moment has come, and marks it
 * announced in the same transaction: run it as often as you like (and after any restart), each
 * opening is announced once. Returns how many were queued.
 */
export function announceOpenedLetters(db: Db, now = new Date()): number {
  return inTransaction(db, () => {
    const due = db
      .select()
      .from(laterLetters)
      .where(
        and(isNull(laterLetters.announcedAt), isNotNull(laterLetters.opensAt), lte(laterLetters.opensAt, isoNow(now))),
      )
      .orderBy(asc(laterLetters.opensAt), asc(laterLetters.id))
      .all();
    for (const row of due) {
      // News for the recipient: silent (or in their morning digest) while they sleep.
      enqueueEvent(
        db,
        "letter_opened",
        { letterId: row.id, fromUserId: row.fromUserId, toUserId: row.toUserId, opensAt: row.opensAt },
        now,
        row.toUserId,
      );
      db.update(laterLetters)
        .set({ announcedAt: isoNow(now) })
        .where(eq(laterLetters.id, row.id))
        .run();
    }
    return due.length;
  });
}

/**
 * Each letter to `userId` still sealed for a day and time on their clock opens at that day and time
 * on the clock of `timeZone`, their zone now: a partner who moved (couple.config.json) gets it at the
 * moment its label says. One whose moment has come (`now`) stays open to them, announced or not.
 * Run with every sync of the couple; it changes nothing while the zone stands.
 */
export function reclockSealedLetters(tx: Tx, userId: number, timeZone: string, now: Date): void {
  const sealed = tx
    .select({
      id: laterLetters.id,
      kind: laterLetters.openingKind,
      on: laterLetters.opensOn,
      time: laterLetters.opensTime,
      at: laterLetters.opensAt,
    })
    .from(laterLetters)
    .where(
      and(
        eq(laterLetters.toUserId, userId),
        isNull(laterLetters.openedAt),
        isNull(laterLetters.announcedAt),
        gt(laterLetters.opensAt, isoNow(now)),
        isNotNull(laterLetters.opensOn),
      ),
    )
    .all();
  for (const letter of sealed) {
    const time = letter.kind === "anniversary" ? ANNIVERSARY_OPENING_TIME : letter.time;
    if (time === null || letter.on === null) continue;
    const at = isoNow(instantAt(letter.on, time, timeZone));
    if (at !== letter.at) tx.update(laterLetters).set({ opensAt: at }).where(eq(laterLetters.id, letter.id)).run();
  }
}
