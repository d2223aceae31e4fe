import { createHash } from "node:crypto";
import type { CoupleConfig, CoupleSettings } from "@spankbank/shared/config";
import { type BundledQuestion, type QuestionSeason, questionSeasons } from "@spankbank/shared/content/questionBank";
import { answerBody } from "@spankbank/shared/contract/questions";
import { BANK_QUESTION_MAX } from "@spankbank/shared/limits";
import { and, asc, count, desc, eq, gt, isNull, max, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { dayIn, isoNow } from "./clock.js";
import { Refusal, refuseUnless } from "./errors.js";
import { transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { LIMIT_ONE, preparedFor } from "./prepared.js";
import { answers, contentVersions, questionBank, questions, users } from "./schema.js";
import { cleanText } from "./text.js";

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
  const entries = bank.map((entry) => (typeof entry === "string" ? { text: entry, tags: [] } : entry));
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
    for (const { text, tags, season } of entries) {
      const bundled = { tags: [...tags], season: season ?? null, retiredAt: null };
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

/**
 * The bank question to ask next on `day`, among those that fit the couple and are not retired:
 * first a seasonal question of a season `day` is in, not asked this season; else the everyday
 * questions go in cycles, each asked once per cycle, in an order shuffled afresh each cycle
 * (seeded by the cycle's number, so it is deterministic but never a replay of the last one).
 * Within a cycle, questions the couple added themselves come first. Null when nothing fits.
 */
export function nextBankQuestion(db: Db, { couple, day }: QuestionDay): BankQuestion | null {
  const fitting = rotation(db)
    .all()
    .filter((row) => questionFits(row.tags, couple));
  const recentlyAsked = (row: (typeof fitting)[number]) =>
    row.lastAsked !== null && Date.parse(`${day}T00:00:00Z`) - Date.parse(row.lastAsked) < SEASON_REPEAT_DAYS * DAY_MS;
  const seasonal = fitting.filter((row) => row.season !== null && inSeason(row.season, day) && !recentlyAsked(row));
  if (seasonal.length > 0) return pick(seasonal, Math.min(...seasonal.map((row) => row.timesAsked)));
  const everyday = fitting.filter((row) => row.season === null);
  if (everyday.length === 0) return null;
  const cycle = Math.min(...everyday.map((row) => row.timesAsked));
  return pick(everyday, cycle);
}

const DAY_MS = 86_400_000;

type RotationRow = { id: number; text: string; source: string; timesAsked: number };

/** The question of `cycle` among those asked `cycle` times so far: added ones first, then the cycle's shuffle. */
function pick(rows: RotationRow[], cycle: number): BankQuestion {
  const order = (row: RotationRow) => `${row.source === "added" ? 0 : 1}:${shuffleKey(cycle, row.id)}`;
  const [first] = rows.filter((row) => row.timesAsked === cycle).sort((a, b) => order(a).localeCompare(order(b)));
  return { id: first!.id, text: first!.text };
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
