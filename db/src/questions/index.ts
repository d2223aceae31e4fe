import { createHash } from "node:crypto";
import type { CoupleConfig, CoupleSettings } from "@spankbank/shared/config";
import { type BundledQuestion, type QuestionSeason, questionSeasons } from "@spankbank/shared/content/questionBank";
import { answerBody } from "@spankbank/shared/contract/questions";
import { BANK_QUESTION_MAX, QUESTION_REPEAT_DAYS } from "@spankbank/shared/limits";
import { and, asc, count, desc, eq, gt, isNull, max, sql } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { dayIn, isoNow } from "../clock.js";
import { Refusal, refuseUnless } from "../errors.js";
import { transfer } from "../ledger.js";
import { enqueueEvent } from "../outbox.js";
import { LIMIT_ONE, preparedFor } from "../prepared.js";
import { answers, contentVersions, questionBank, questions, users } from "../schema.js";
import { cleanText } from "../text.js";

export type BankQuestion = { id: number; text: string };

/** A partner's answer, attributed to their responseName. */
export interface Answer {
  username: string;
  response: string;
  createdAt: string;
}

/** A question put to the couple, with the answers given so far (in partner order). */
export interface Question {
  id: number;
  text: string;
  askedAt: string;
  answers: Answer[];
}

const statements = preparedFor((db) => {
  const answerColumns = {
    questionId: answers.questionId,
    username: users.responseName,
    response: answers.response,
    createdAt: answers.createdAt,
  };
  const givenAnswers = () => db.select(answerColumns).from(answers).innerJoin(users, eq(users.id, answers.userId));
  // Through questions_asked: newest first with no sort step.
  const newestFirst = () => db.select().from(questions).orderBy(desc(questions.askedAt), desc(questions.id));
  return {
    all: newestFirst().prepare(),
    latest: newestFirst().limit(LIMIT_ONE).prepare(),
    byId: db
      .select()
      .from(questions)
      .where(eq(questions.id, sql.placeholder("id")))
      .prepare(),
    // answers_one_per_user gives this order: no sort step.
    everyAnswer: givenAnswers().orderBy(asc(answers.questionId), asc(answers.userId)).prepare(),
    answersTo: givenAnswers()
      .where(eq(answers.questionId, sql.placeholder("questionId")))
      .orderBy(asc(answers.userId))
      .prepare(),
    previousAnswer: db
      .select({ id: answers.id, response: answers.response })
      .from(answers)
      .where(and(eq(answers.questionId, sql.placeholder("questionId")), eq(answers.userId, sql.placeholder("userId"))))
      .prepare(),
    answerCount: db
      .select({ n: count() })
      .from(answers)
      .where(eq(answers.questionId, sql.placeholder("questionId")))
      .prepare(),
  };
});

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

const DAY_MS = 86_400_000;

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

export interface AskedQuestion {
  text: string;
  bankId?: number;
  discordMessageId?: string;
  now?: Date;
}

/** Records that a question was put to the couple (the daily one, or one asked on demand). */
export function askQuestion(db: Db, asked: AskedQuestion): Question {
  const text = asked.text.trim();
  if (text.length === 0) throw new Refusal("invalid", "question: must not be empty");
  const row = db
    .insert(questions)
    .values({ text, bankId: asked.bankId, discordMessageId: asked.discordMessageId, askedAt: isoNow(asked.now) })
    .returning()
    .get();
  return { id: row.id, text: row.text, askedAt: row.askedAt, answers: [] };
}

/** The question asked most recently, with its answers; null before the first one. */
export function latestQuestion(db: Db): Question | null {
  const row = statements(db).latest.get();
  return row ? { id: row.id, text: row.text, askedAt: row.askedAt, answers: answersTo(db, row.id) } : null;
}

/** One asked question with its answers and its Discord message; null for an unknown id. */
export function questionById(db: Db, id: number): (Question & { discordMessageId: string | null }) | null {
  const row = db.select().from(questions).where(eq(questions.id, id)).get();
  if (!row) return null;
  return {
    id: row.id,
    text: row.text,
    askedAt: row.askedAt,
    answers: answersTo(db, row.id),
    discordMessageId: row.discordMessageId,
  };
}

/** Every asked question, newest first, with its answers. */
export function listQuestions(db: Db): Question[] {
  const prepared = statements(db);
  const byQuestion = new Map<number, Answer[]>();
  for (const { questionId, ...answer } of prepared.everyAnswer.all()) {
    const given = byQuestion.get(questionId);
    if (given) given.push(answer);
    else byQuestion.set(questionId, [answer]);
  }
  return prepared.all
    .all()
    .map((row) => ({ id: row.id, text: row.text, askedAt: row.askedAt, answers: byQuestion.get(row.id) ?? [] }));
}

export interface NewAnswer {
  userId: number;
  questionId: number;
  response: string;
  now?: Date;
}

/**
 * A partner's answer: one per partner per question, a second one replaces the first. Only the
 * first earns the answer reward. When both partners have answered, the reveal is queued once.
 * Returns that question's answers.
 */
export function answerQuestion(
  db: Db,
  answer: NewAnswer,
  economy: Pick<CoupleConfig["economy"], "answerReward">,
): Answer[] {
  return giveAnswer(db, answer, economy).answers;
}

/** What giving an answer did, for a reply that says it. */
export interface GivenAnswer {
  /** That question's answers, in partner order. */
  answers: Answer[];
  /** The partner had answered before: this one replaced it. */
  replaced: boolean;
  /** Spanks earned by it (only a first answer earns). */
  reward: number;
  /** The same text as the answer already given: nothing changed (a replayed reply). */
  unchanged: boolean;
}

/** answerQuestion, saying what happened. */
export function giveAnswer(
  db: Db,
  answer: NewAnswer,
  economy: Pick<CoupleConfig["economy"], "answerReward">,
): GivenAnswer {
  const { response } = refuseUnless(answerBody.pick({ response: true }), { response: answer.response }, "answer");
  const now = answer.now ?? new Date();
  const { questionId, userId } = answer;
  return inTransaction(db, (tx) => {
    const prepared = statements(tx);
    const question = prepared.byId.get({ id: questionId });
    if (!question) throw new Refusal("not_found", `No question with id ${questionId}`);
    const previous = prepared.previousAnswer.get({ questionId, userId });
    if (previous?.response === response) {
      return { answers: answersTo(tx, questionId), replaced: false, reward: 0, unchanged: true };
    }
    if (previous) {
      tx.update(answers)
        .set({ response, createdAt: isoNow(now) })
        .where(eq(answers.id, previous.id))
        .run();
    } else {
      tx.insert(answers)
        .values({ questionId, userId, response, createdAt: isoNow(now) })
        .run();
    }
    const reward = !previous && economy.answerReward > 0 ? economy.answerReward : 0;
    if (reward > 0) {
      transfer(tx, {
        from: "mint",
        to: { userId },
        amount: reward,
        kind: "answer",
        reference: `answer:${questionId}:${userId}`,
        memo: `Answered "${clip(question.text, 80)}"`,
        now,
      });
    }
    // The answer itself stays out of the event: both are revealed together once both are in.
    enqueueEvent(tx, "answer_given", { questionId, userId, replaced: previous !== undefined, reward }, now);
    const answered = prepared.answerCount.get({ questionId })!.n;
    if (answered >= 2 && question.revealedAt === null) {
      tx.update(questions)
        .set({ revealedAt: isoNow(now) })
        .where(eq(questions.id, questionId))
        .run();
      enqueueEvent(tx, "answers_revealed", { questionId }, now);
    }
    return { answers: answersTo(tx, questionId), replaced: previous !== undefined, reward, unchanged: false };
  });
}

function answersTo(db: Db, questionId: number): Answer[] {
  return statements(db)
    .answersTo.all({ questionId })
    .map(({ username, response, createdAt }) => ({ username, response, createdAt }));
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A question to post in Discord: the daily one or one asked on demand. */
export interface QuestionToPost {
  id: number;
  text: string;
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

/** Where the couple's settings and their day come from: the couple config. */
export type QuestionRules = Pick<CoupleConfig, "couple" | "dailyQuestion">;

/** `/question now` asks at most one question per this long, so a double tap or a loop cannot flood the channel. */
export const QUESTION_NOW_COOLDOWN_MS = 10 * 60_000;

/**
 * `/question now`: the next bank question that fits the couple, asked at once, unless one was
 * asked on demand within the cooldown (refused, saying when the next may be asked). Null when no
 * question fits.
 */
export function askQuestionNow(db: Db, rules: QuestionRules, now = new Date()): QuestionToPost | null {
  return inTransaction(db, (tx) => {
    const since = isoNow(new Date(now.getTime() - QUESTION_NOW_COOLDOWN_MS));
    const recent = tx
      .select({ askedAt: questions.askedAt })
      .from(questions)
      .where(and(isNull(questions.dailyFor), gt(questions.askedAt, since)))
      .orderBy(desc(questions.askedAt))
      .limit(1)
      .get();
    if (recent) {
      const waitMs = Date.parse(recent.askedAt) + QUESTION_NOW_COOLDOWN_MS - now.getTime();
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new Refusal(
        "conflict",
        `A question was asked just now. You can ask the next one in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
    return askNextQuestion(tx, rules, now);
  });
}

/**
 * A question asked on demand that Discord never took: it is taken back (it has no answers and
 * no message yet), so the web never shows a question that was not posted. Returns whether it was.
 */
export function withdrawUnpostedQuestion(db: Db, questionId: number): boolean {
  return inTransaction(db, (tx) => {
    const answered = statements(tx).answerCount.get({ questionId })!.n > 0;
    if (answered) return false;
    const { changes } = tx
      .delete(questions)
      .where(and(eq(questions.id, questionId), isNull(questions.discordMessageId), isNull(questions.dailyFor)))
      .run();
    return changes > 0;
  });
}

/**
 * `/question now`: the next bank question that fits the couple on today (in the daily question's
 * zone), asked at once (not the daily one). Null when no question fits.
 */
export function askNextQuestion(db: Db, rules: QuestionRules, now = new Date()): QuestionToPost | null {
  return inTransaction(db, (tx) => {
    const next = nextBankQuestion(tx, { couple: rules.couple, day: dayIn(rules.dailyQuestion.timeZone, now) });
    if (!next) return null;
    return tx
      .insert(questions)
      .values({ text: next.text, bankId: next.id, askedAt: isoNow(now) })
      .returning({ id: questions.id, text: questions.text })
      .get();
  });
}

/**
 * The daily question of `day` (YYYY-MM-DD in the daily question's zone) that still has to be
 * posted: claimed now from the bank (`nextBankQuestion`) if the day has none yet, the claimed one again if its post
 * never got a Discord message, null once it is posted (or the bank is empty). The unique
 * `daily_for` makes one daily question per day, whatever the restarts or processes.
 */
export function dailyQuestionToPost(
  db: Db,
  day: string,
  couple: CoupleSettings,
  now = new Date(),
): QuestionToPost | null {
  return inTransaction(db, (tx) => {
    const claimed = tx
      .select({ id: questions.id, text: questions.text, discordMessageId: questions.discordMessageId })
      .from(questions)
      .where(eq(questions.dailyFor, day))
      .get();
    if (claimed) return claimed.discordMessageId === null ? { id: claimed.id, text: claimed.text } : null;
    const next = nextBankQuestion(tx, { couple, day });
    if (!next) return null;
    return tx
      .insert(questions)
      .values({ text: next.text, bankId: next.id, askedAt: isoNow(now), dailyFor: day })
      .returning({ id: questions.id, text: questions.text })
      .get();
  });
}

/** The Discord message a question was posted as: replies to it count as answers. */
export function recordQuestionMessage(db: Db, questionId: number, discordMessageId: string): void {
  db.update(questions).set({ discordMessageId }).where(eq(questions.id, questionId)).run();
}

/** The question posted as this Discord message, if any. */
export function questionIdByDiscordMessage(db: Db, discordMessageId: string): number | null {
  return (
    db.select({ id: questions.id }).from(questions).where(eq(questions.discordMessageId, discordMessageId)).get()?.id ??
    null
  );
}
