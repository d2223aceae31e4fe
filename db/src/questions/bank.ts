// The question bank: seeding the bundled questions, partners' own, and the rotation that picks the next one (fit, season).
import { createHash } from "node:crypto";
import { DAY_MS } from "@spankbank/shared/calendar";
import type { CoupleSettings } from "@spankbank/shared/config";
import { type BundledQuestion, type QuestionSeason, questionSeasons } from "@spankbank/shared/content/questionBank";
import { BANK_QUESTION_MAX, QUESTION_REPEAT_DAYS } from "@spankbank/shared/limits";
import { and, count, eq, isNull, max } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { isoNow } from "../clock.js";
import { Refusal } from "../errors.js";
import { preparedFor } from "../prepared.js";
import { contentVersions, questionBank, questions } from "../schema.js";
import { cleanText } from "../text.js";

export type BankQuestion = { id: number; text: string };

/**
 * Every bank question still in the rotation, with how often and when it was last asked: read
 * whole once per question asked (a few hundred rows), its asks counted through questions_bank.
 */
const rotation = preparedFor((db) =>
  db
    .select({
      id: questionBank.id,
      text: questionBank.text,
      source: questionBank.source,
      tags: questionBank.tags,
      season: questionBank.season,
      seasonDay: questionBank.seasonDay,
      timesAsked: count(questions.id),
      lastAsked: max(questions.askedAt),
    })
    .from(questionBank)
    .leftJoin(questions, eq(questions.bankId, questionBank.id))
    .where(isNull(questionBank.retiredAt))
    .groupBy(questionBank.id)
    .prepare(),
);

/** A question to put in the bank: plain text (asked to any couple, any day) or a bundled question. */
export type BankEntry = string | BundledQuestion;

/**
 * Puts the bundled questions into the bank, with their tags and seasons; a bundled question no
 * longer in `bank` is retired (kept for the questions asked with it, never asked again) and one
 * that comes back is restored. Skipped, with a single read, when this same bank was synced before
 * (a hash of it is kept), so a start does not upsert every question again. Returns how many
 * questions were added.
 */
export function seedQuestionBank(db: Db, bank: readonly BankEntry[], now = new Date()): number {
  const entries = bank.map((entry): BundledQuestion => (typeof entry === "string" ? { text: entry, tags: [] } : entry));
  const hash = createHash("sha256").update(JSON.stringify(entries)).digest("hex");
  const synced = () =>
    db
      .select({ hash: contentVersions.hash })
      .from(contentVersions)
      .where(eq(contentVersions.name, "question_bank"))
      .get();
  if (synced()?.hash === hash) return 0;
  return inTransaction(db, (tx) => {
    if (synced()?.hash === hash) return 0;
    let added = 0;
    for (const { text, tags, season, day } of entries) {
      const bundled = { tags: [...tags], season: season ?? null, seasonDay: day ?? null, retiredAt: null };
      const before = tx.select({ id: questionBank.id }).from(questionBank).where(eq(questionBank.text, text)).get();
      tx.insert(questionBank)
        .values({ text, source: "bundled", ...bundled })
        .onConflictDoUpdate({ target: questionBank.text, set: bundled, setWhere: eq(questionBank.source, "bundled") })
        .run();
      if (!before) added++;
    }
    const kept = new Set(entries.map(({ text }) => text));
    const retiredAt = isoNow(now);
    for (const row of tx
      .select({ id: questionBank.id, text: questionBank.text })
      .from(questionBank)
      .where(and(eq(questionBank.source, "bundled"), isNull(questionBank.retiredAt)))
      .all()) {
      if (!kept.has(row.text)) tx.update(questionBank).set({ retiredAt }).where(eq(questionBank.id, row.id)).run();
    }
    const version = { hash, syncedAt: retiredAt };
    tx.insert(contentVersions)
      .values({ name: "question_bank", ...version })
      .onConflictDoUpdate({ target: contentVersions.name, set: version })
      .run();
    return added;
  });
}

/** What picking a question needs: the couple's settings and the day (YYYY-MM-DD in the daily question's zone). */
export interface QuestionDay {
  couple: CoupleSettings;
  day: string;
}

/** Whether a question with these tags fits the couple (the gated tags of `questionTags`). */
export function questionFits(tags: readonly string[], couple: CoupleSettings): boolean {
  if (tags.includes("long-distance") && !couple.longDistance) return false;
  if (tags.includes("same-city") && couple.longDistance) return false;
  if (tags.includes("living-together") && !couple.livingTogether) return false;
  if (tags.includes("pets") && !couple.pets) return false;
  if (tags.includes("spicy") && !couple.spicy) return false;
  return true;
}

/** Whether `day` (YYYY-MM-DD) falls in a season's MM-DD window, which may run over New Year. */
export function inSeason(season: string, day: string): boolean {
  const window = questionSeasons[season as QuestionSeason];
  if (!window) return false;
  const monthDay = day.slice(5);
  return window.from <= window.to
    ? monthDay >= window.from && monthDay <= window.to
    : monthDay >= window.from || monthDay <= window.to;
}

/** A seasonal question asked within this many days is not asked again in the same season. */
const SEASON_REPEAT_DAYS = 60;

type RotationRow = ReturnType<ReturnType<typeof rotation>["all"]>[number];

/** Days, fractions included, from `from` to `to` (each a YYYY-MM-DD day from its UTC midnight, or an ISO instant). */
function daysFrom(from: string, to: string): number {
  return (
    (Date.parse(to.length === 10 ? `${to}T00:00:00Z` : to) -
      Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from)) /
    DAY_MS
  );
}

/**
 * The bank question to ask next on `day`, among those that fit the couple and are not retired:
 * a seasonal question tied to `day` itself (Valentine's Day) on that day; a seasonal question
 * when the season's spread (`seasonPlan`) has one due by `day`; else the everyday questions go
 * in cycles, each asked once per cycle, in an order shuffled afresh each cycle (seeded by the
 * cycle's number, so it is deterministic but never a replay of the last one), skipping any asked
 * within QUESTION_REPEAT_DAYS while another is left. Within a cycle, questions the couple added
 * themselves come first. Null when nothing fits.
 */
export function nextBankQuestion(db: Db, { couple, day }: QuestionDay): BankQuestion | null {
  const fitting = rotation(db)
    .all()
    .filter((row) => questionFits(row.tags, couple));
  const notAskedThisSeason = (row: RotationRow) =>
    row.lastAsked === null || daysFrom(row.lastAsked, day) >= SEASON_REPEAT_DAYS;
  const seasonal = fitting.filter((row) => row.season !== null && inSeason(row.season, day));
  const ofTheDay = seasonal.filter((row) => row.seasonDay === day.slice(5) && notAskedThisSeason(row));
  if (ofTheDay.length > 0) return pick(ofTheDay, Math.min(...ofTheDay.map((row) => row.timesAsked)));
  const due = seasonal.filter(
    (row) =>
      row.seasonDay === null && notAskedThisSeason(row) && seasonalDue(seasonal, row.season!, day, notAskedThisSeason),
  );
  if (due.length > 0) return pick(due, Math.min(...due.map((row) => row.timesAsked)));
  const everyday = fitting.filter((row) => row.season === null);
  if (everyday.length === 0) return null;
  const cycle = Math.min(...everyday.map((row) => row.timesAsked));
  const candidates = everyday.filter((row) => row.timesAsked === cycle);
  // A small bank cannot wait 180 days: it waits half its size, so a new cycle still reshuffles.
  const repeatDays = Math.min(QUESTION_REPEAT_DAYS, Math.floor(everyday.length / 2));
  const rested = candidates.filter((row) => row.lastAsked === null || daysFrom(row.lastAsked, day) >= repeatDays);
  if (rested.length > 0) return pick(rested, cycle);
  const [longestRested] = [...candidates].sort((a, b) => (a.lastAsked ?? "").localeCompare(b.lastAsked ?? ""));
  return { id: longestRested!.id, text: longestRested!.text };
}

/**
 * Whether a season's undated question is due on `day`: more of its days in `seasonPlan` have
 * come by `day` than of its undated questions have been asked this season (so a day the bot
 * missed is made up the next day).
 */
function seasonalDue(
  seasonal: readonly RotationRow[],
  season: string,
  day: string,
  notAskedThisSeason: (row: RotationRow) => boolean,
): boolean {
  const ofSeason = seasonal.filter((row) => row.season === season);
  const undated = ofSeason.filter((row) => row.seasonDay === null);
  const start = seasonStart(season, day);
  const length = daysFrom(start, dayOn(start, questionSeasons[season as QuestionSeason].to)) + 1;
  const dated = ofSeason.flatMap((row) => (row.seasonDay ? [daysFrom(start, dayOn(start, row.seasonDay))] : []));
  const plan = seasonPlan(length, dated, undated.length);
  const today = daysFrom(start, day);
  const askedThisSeason = undated.filter((row) => !notAskedThisSeason(row)).length;
  return plan.filter((offset) => offset <= today).length > askedThisSeason;
}

/**
 * The days (offsets into a season of `length` days) its `count` undated questions are asked on:
 * as far apart as the season allows, from each other and from the dated questions' days, each
 * on the earliest day that keeps that distance. So they spread through the season, and none
 * lands beside another when the season has room.
 */
function seasonPlan(length: number, dated: readonly number[], count: number): number[] {
  for (let apart = length; apart > 1; apart--) {
    const plan = placeApart(length, dated, count, apart);
    if (plan.length === count) return plan;
  }
  return placeApart(length, dated, count, 1);
}

/** Up to `count` days of a season, each the earliest at least `apart` days from the dated ones and the one before. */
function placeApart(length: number, dated: readonly number[], count: number, apart: number): number[] {
  const plan: number[] = [];
  for (let offset = 0; offset < length && plan.length < count; offset++) {
    const clear = dated.every((day) => Math.abs(day - offset) >= apart);
    if (clear && (plan.length === 0 || offset - plan.at(-1)! >= apart)) plan.push(offset);
  }
  return plan;
}

/** The first day (YYYY-MM-DD) of the season window `day` is in. */
function seasonStart(season: string, day: string): string {
  const { from, to } = questionSeasons[season as QuestionSeason];
  const year = Number(day.slice(0, 4));
  // A window over New Year that `day` meets after 1 January began the year before.
  const startYear = from > to && day.slice(5) <= to ? year - 1 : year;
  return `${startYear}-${from}`;
}

/** The date of MM-DD `monthDay` on or after `start` (within a year). */
function dayOn(start: string, monthDay: string): string {
  const year = Number(start.slice(0, 4));
  return `${monthDay >= start.slice(5) ? year : year + 1}-${monthDay}`;
}

/** The question of `cycle` among those asked `cycle` times so far: added ones first, then the cycle's shuffle. */
function pick(rows: readonly RotationRow[], cycle: number): BankQuestion {
  let first: { row: RotationRow; order: string } | null = null;
  for (const row of rows) {
    if (row.timesAsked !== cycle) continue;
    const order = `${row.source === "added" ? 0 : 1}:${shuffleKey(cycle, row.id)}`;
    if (first === null || order < first.order) first = { row, order };
  }
  return { id: first!.row.id, text: first!.row.text };
}

/** A question's place in a cycle's shuffle: a hash of the cycle and the question, the same on every call. */
export function shuffleKey(cycle: number, bankId: number): string {
  return createHash("sha256").update(`${cycle}:${bankId}`).digest("hex").slice(0, 16);
}

/** `/question add`: a partner's own question joins the bank and is asked before the ones already asked. */
export function addBankQuestion(db: Db, text: string, userId: number): BankQuestion {
  const trimmed = cleanText(text, { field: "text", max: BANK_QUESTION_MAX });
  const row = db
    .insert(questionBank)
    .values({ text: trimmed, source: "added", addedByUserId: userId })
    .onConflictDoNothing()
    .returning({ id: questionBank.id, text: questionBank.text })
    .get();
  if (!row) throw new Refusal("conflict", "That question is already in the bank.");
  return row;
}
