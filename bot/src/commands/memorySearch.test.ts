import { addMemory } from "@spankbank/db/memories";
import { answerQuestion, askQuestion } from "@spankbank/db/questions";
import { MessageFlags } from "discord.js";
import { describe, expect, it } from "vitest";
import { botOnTempDb, callbackOf, dispatch, memorySearch, STRANGER_ID, testConfig } from "../test/discord.js";

const [alex, sam] = testConfig.partners;
const idOf = (db: ReturnType<typeof botOnTempDb>["db"], username: string) =>
  (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;

describe("/memory search", () => {
  it("answers privately with each kind found, the words in bold, the rest escaped, and where each lives", async () => {
    const { client, db } = botOnTempDb();
    addMemory(db, {
      userId: idOf(db, "sam"),
      message: "*Crème* brûlée at the café",
      createdAt: new Date("2026-01-02"),
    });
    const payload = memorySearch(alex.discordId, "CAFE");
    const answer = await dispatch(client, payload);
    expect(callbackOf(payload)?.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(answer).toBe(
      [
        '🔎 Found for "CAFE", newest first:',
        "**Memories** (1)",
        `• \\*Crème\\* brûlée at the **café** (${sam.responseName}, <t:1767312000:D>, Memory Board, page 1)`,
        "Search on the web page for everything found.",
      ].join("\n"),
    );
  });

  it("never shows the partner's sealed answer before you answered; typed FTS syntax finds nothing, never fails", async () => {
    const { client, db } = botOnTempDb({ ...testConfig, questions: { revealAfterBothAnswered: true } });
    const question = askQuestion(db, { text: "Where next?" });
    answerQuestion(db, { userId: idOf(db, "sam"), questionId: question.id, response: "Kyoto" }, { answerReward: 0 });
    expect(await dispatch(client, memorySearch(alex.discordId, "kyoto"))).toBe('Nothing found for "kyoto".');
    expect(await dispatch(client, memorySearch(sam.discordId, "kyoto"))).toContain("**Answers** (1)");
    answerQuestion(db, { userId: idOf(db, "alex"), questionId: question.id, response: "Kyoto!" }, { answerReward: 0 });
    expect(await dispatch(client, memorySearch(alex.discordId, "kyoto"))).toContain("**Answers** (2)");
    expect(await dispatch(client, memorySearch(alex.discordId, 'NEAR("'))).toBe('Nothing found for "NEAR("".');
  });

  it("refuses a stranger", async () => {
    const { client } = botOnTempDb();
    expect(await dispatch(client, memorySearch(STRANGER_ID, "cafe"))).toBe(
      "Spank Bank is private to one couple, sorry!",
    );
  });
});
