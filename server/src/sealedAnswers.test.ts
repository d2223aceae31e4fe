import type { Db } from "@spankbank/db/client";
import { checkLedger } from "@spankbank/db/ledger";
import { addMemory } from "@spankbank/db/memories";
import { answerQuestion, askQuestion } from "@spankbank/db/questions";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "./test/app.js";
import { sessionCookie } from "./test/session.js";

let db: Db | undefined;
afterEach(() => {
  if (db) expect(checkLedger(db)).toEqual([]);
  db = undefined;
});

const NOW = new Date("2026-06-22T12:00:00Z");

/** One asked question, in an app with sealing on or off. */
async function questionApp(revealAfterBothAnswered: boolean) {
  const config = { ...demoCouple, questions: { revealAfterBothAnswered } };
  const test = await buildTestApp({ config, now: () => NOW });
  db = test.db;
  const { id: question_id } = askQuestion(test.db, {
    text: "Where should we go next?",
    now: new Date("2026-05-22T06:00:00Z"),
  });
  const cookies = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const answer = (who: "alex" | "sam", response: string) =>
    test.app.inject({
      method: "PUT",
      url: `/api/questions/${question_id}`,
      headers: { cookie: cookies[who] },
      payload: { response },
    });
  const read = async (who: "alex" | "sam") => {
    const headers = { cookie: cookies[who] };
    const questions = await test.app.inject({ url: "/api/questions", headers });
    const latest = await test.app.inject({ url: "/api/latestQuestion", headers });
    return { questions: questions.json()[0].responses, latest: latest.json().responses };
  };
  return { ...test, answer, read };
}

describe("questions.revealAfterBothAnswered", () => {
  it("on: sam sees only that alex answered until sam answers too, and alex always sees both", async () => {
    const { answer, read } = await questionApp(true);
    expect((await answer("alex", "Lisbon, for the tiles")).statusCode).toBe(200);

    const sealedForSam = await read("sam");
    const sealed = { username: "alex_d", response: "", sealed: true };
    expect(sealedForSam.questions).toEqual([{ ...sealed, created_at: NOW.toISOString() }]);
    expect(sealedForSam.latest).toEqual([{ ...sealed, created_at: NOW.toISOString() }]);
    expect(JSON.stringify(sealedForSam)).not.toContain("Lisbon");

    const alexOwn = await read("alex");
    expect(alexOwn.questions).toEqual([
      { username: "alex_d", response: "Lisbon, for the tiles", created_at: NOW.toISOString() },
    ]);

    const samAnswers = await answer("sam", "Kyoto in spring");
    expect(samAnswers.json().map((r: { response: string }) => r.response)).toEqual([
      "Lisbon, for the tiles",
      "Kyoto in spring",
    ]);
    for (const who of ["alex", "sam"] as const) {
      const after = await read(who);
      expect(after.questions.map((r: { response: string; sealed?: boolean }) => [r.response, r.sealed])).toEqual([
        ["Lisbon, for the tiles", undefined],
        ["Kyoto in spring", undefined],
      ]);
      expect(after.latest).toEqual(after.questions);
    }
  });

  it("off (the default): each partner sees the other's answer at once", async () => {
    const { answer, read } = await questionApp(false);
    await answer("alex", "Lisbon, for the tiles");
    const samView = await read("sam");
    expect(samView.questions).toEqual([
      { username: "alex_d", response: "Lisbon, for the tiles", created_at: NOW.toISOString() },
    ]);
    expect(samView.latest).toEqual(samView.questions);
  });

  it("on: an answer from a month ago on this day stays sealed for the partner who has not answered", async () => {
    const test = await buildTestApp({
      config: { ...demoCouple, questions: { revealAfterBothAnswered: true } },
      now: () => NOW,
    });
    db = test.db;
    const { id: question_id } = askQuestion(test.db, {
      text: "Favourite song?",
      now: new Date("2026-05-22T06:00:00Z"),
    });
    answerQuestion(
      test.db,
      {
        userId: userIdOf(test.db, "alex"),
        questionId: question_id,
        response: "Ours",
        now: new Date("2026-05-22T07:00:00Z"),
      },
      demoCouple.economy,
    );
    addMemory(test.db, {
      userId: userIdOf(test.db, "sam"),
      message: "Picnic",
      createdAt: new Date("2026-05-22T10:00:00Z"),
    });
    const view = async (who: "alex" | "sam") =>
      (
        await test.app.inject({ url: "/api/memories/on-this-day", headers: { cookie: sessionCookie(test, who) } })
      ).json();
    expect((await view("sam")).answers).toEqual([
      expect.objectContaining({
        question: "Favourite song?",
        username: "alex_d",
        response: "",
        sealed: true,
        months_ago: 1,
      }),
    ]);
    expect((await view("alex")).answers).toEqual([expect.objectContaining({ response: "Ours", months_ago: 1 })]);
    expect((await view("alex")).answers[0].sealed).toBeUndefined();
  });
});
