// /answer and /guess act on what Discord showed when the command was sent, not on what the
// bot finds when it gets to it (a command read late: a gateway replay, a busy bot at 09:00).
import { dayIn } from "@spankbank/db/clock";
import { checkDatabase } from "@spankbank/db/healthCheck";
import { balanceOf } from "@spankbank/db/ledger";
import {
  answerQuestion,
  askQuestion as askNow,
  dailyQuestionToPost,
  listQuestions,
  seedQuestionBank,
} from "@spankbank/db/questions";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { ApplicationCommandOptionType } from "discord.js";
import { describe, expect, it } from "vitest";
import { postQuestion } from "../questions/post.js";
import {
  askQuestion,
  botOnTempDb,
  dispatch,
  QUESTIONS_CHANNEL,
  slashCommand,
  slashCommandAt,
  testConfig,
} from "../test/discord.js";

const [alex, sam] = demoCouple.partners;
const str = (name: string, value: string) => ({ name, type: ApplicationCommandOptionType.String as const, value });
type TestDb = ReturnType<typeof botOnTempDb>["db"];
const idOf = (db: TestDb, username: string) =>
  (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;
const answersTo = (db: TestDb, text: string) =>
  db.$client
    .prepare(
      "SELECT response FROM answers JOIN questions ON questions.id = answers.question_id WHERE questions.text = ?",
    )
    .pluck()
    .all(text);

describe("/answer sent to change an answer, read after the next question was posted", () => {
  it("replaces the answer to the question Discord showed, never answers the question posted after it was sent", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Best date ever?", alex.discordId);
    await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "The lake")]));
    // A moment before 09:00 Alex changes his mind and sends /answer "The beach" (for the question on show).
    const sent = slashCommand("answer", alex.discordId, [str("response", "The beach")]);
    // 09:00: today's question is posted and recorded (its message id is after Alex's command) ...
    seedQuestionBank(db, ["Mountains or sea?"]);
    const today = dailyQuestionToPost(db, dayIn(testConfig.dailyQuestion.timeZone, new Date()), testConfig.couple)!;
    await postQuestion(client, context, today, QUESTIONS_CHANNEL);
    // ... and only then does the bot read Alex's command.
    const answer = await dispatch(client, sent);
    expect({
      answer,
      bestDate: answersTo(db, "Best date ever?"),
      mountainsOrSea: answersTo(db, "Mountains or sea?"),
    }).toEqual({
      answer: 'Your new answer to "Best date ever?" replaced your earlier one.',
      bestDate: ["The beach"],
      // Alex never saw this question when he wrote "The beach".
      mountainsOrSea: [],
    });
  });
});

describe("/guess sent before a newer question was revealed, read after", () => {
  it("rates the guess on the question both had answered when it was sent, never a newer guess Sam has not seen", async () => {
    const { client, db } = botOnTempDb();
    const t = Date.now();
    const at = (msAgo: number) => new Date(t - msAgo);
    const economy = testConfig.economy;
    const alexId = idOf(db, "alex");
    const samId = idOf(db, "sam");
    // Q1, answered by both an hour ago; Alex guessed Sam's answer right ("Kyoto"): revealed.
    const q1 = askNow(db, { text: "Where shall we go next?", now: at(2 * 3_600_000) });
    answerQuestion(
      db,
      { userId: alexId, questionId: q1.id, response: "Lisbon", guess: "Kyoto", now: at(3_600_000) },
      economy,
    );
    answerQuestion(db, { userId: samId, questionId: q1.id, response: "Kyoto", now: at(3_500_000) }, economy);
    const before = [balanceOf(db, { userId: alexId }), balanceOf(db, { userId: samId })];
    // Sam reads the reveal and sends /guess "Nailed it" ten seconds ago ...
    const sent = slashCommandAt("guess", at(10_000).toISOString(), sam.discordId, [str("rating", "nailed")]);
    // ... and before the bot reads it, a newer question is revealed (both answered on the web),
    // where Alex guessed wrong ("Coffee"; Sam said "Tea").
    const q2 = askNow(db, { text: "Tea or coffee?", now: at(60_000) });
    answerQuestion(
      db,
      { userId: alexId, questionId: q2.id, response: "Tea", guess: "Coffee", now: at(5_000) },
      economy,
    );
    answerQuestion(db, { userId: samId, questionId: q2.id, response: "Tea", now: at(4_000) }, economy);
    const answer = await dispatch(client, sent);
    const ratings = Object.fromEntries(listQuestions(db).map((q) => [q.text, q.answers[0]?.guess?.rating ?? null]));
    const nailed = db.$client
      .prepare("SELECT json_extract(payload, '$.questionId') FROM outbox WHERE kind = 'guess_nailed'")
      .pluck()
      .all();
    expect({ answer, ratings, nailed }).toEqual({
      answer: 'You rated Alex\'s guess "Kyoto" on "Where shall we go next?" Nailed it. You each earned 3 spanks.',
      // A rating is final: the wrong guess on "Tea or coffee?" is now "Nailed it" for good, and announced so.
      ratings: { "Where shall we go next?": "nailed", "Tea or coffee?": null },
      nailed: [q1.id],
    });
    expect([balanceOf(db, { userId: alexId }), balanceOf(db, { userId: samId })]).toEqual(before.map((b) => b + 5 + 3));
    expect(checkDatabase(db)).toEqual([]);
  });
});
