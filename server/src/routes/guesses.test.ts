import { askQuestion } from "@spankbank/db/questions";
import type { CoupleConfig } from "@spankbank/shared/config";
import { describe, expect, it } from "vitest";
import { buildTestApp, testCouple } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

type Who = "alex" | "sam";

/** The app with one asked question; `answer` and `rate` go through the API as the partner named. */
async function guessingApp(options: { sealing?: boolean; guessReward?: number } = {}) {
  const config: CoupleConfig = {
    ...testCouple,
    questions: { revealAfterBothAnswered: options.sealing ?? false },
    economy: { ...testCouple.economy, answerReward: 0, guessReward: options.guessReward ?? 3 },
  };
  const test = await buildTestApp({ config });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const questionId = askQuestion(test.db, { text: "Where shall we go next?" }).id;
  const answer = (who: Who, payload: Record<string, unknown>, id = questionId) =>
    test.app.inject({ method: "PUT", url: `/api/questions/${id}`, headers: { cookie: cookie[who] }, payload });
  const rate = (who: Who, payload: unknown, id: number | string = questionId) =>
    test.app.inject({
      method: "PUT",
      url: `/api/questions/${id}/guess-rating`,
      headers: { cookie: cookie[who] },
      payload: payload as Record<string, unknown>,
    });
  const read = async (who: Who) => {
    const latest = await test.app.inject({ url: "/api/latestQuestion", headers: { cookie: cookie[who] } });
    const list = await test.app.inject({ url: "/api/questions", headers: { cookie: cookie[who] } });
    const page = await test.app.inject({ url: "/api/questions?page=1", headers: { cookie: cookie[who] } });
    return { latest: latest.body, list: list.body, page: page.body };
  };
  const balance = async (who: Who) =>
    (await test.app.inject({ url: "/api/spankTotal", headers: { cookie: cookie[who] } })).json().spankTotal as number;
  return { ...test, config, cookie, questionId, answer, rate, read, balance };
}

describe("guess your partner", () => {
  for (const sealing of [false, true]) {
    it(`keeps a guess from the partner it is about until both have answered, then shows it beside the answer (sealing ${sealing ? "on" : "off"})`, async () => {
      const { answer, read } = await guessingApp({ sealing });
      const alexFirst = await answer("alex", { response: "Lisbon", guess: "Kyoto, surely" });
      expect(alexFirst.statusCode, alexFirst.body).toBe(200);
      expect(alexFirst.json()).toEqual([
        expect.objectContaining({ username: "alex_d", guess: { text: "Kyoto, surely", rating: null } }),
      ]);
      // Sam reads every way a question is read: no trace of the guess.
      for (const body of Object.values(await read("sam"))) expect(body).not.toContain("Kyoto, surely");
      // Alex sees her own.
      expect((await read("alex")).latest).toContain("Kyoto, surely");

      // Unsealed, Sam has seen Alex's answer on the page: only a sealed question leaves her a guess.
      const samGuess = sealing ? { text: "Lisbon", rating: null } : undefined;
      const samSecond = await answer("sam", { response: "Kyoto", ...(samGuess ? { guess: samGuess.text } : {}) });
      expect(samSecond.statusCode, samSecond.body).toBe(200);
      const revealed = { text: "Kyoto, surely", rating: null };
      expect(samSecond.json().map((r: { guess?: unknown }) => r.guess)).toEqual([revealed, samGuess]);
      for (const who of ["alex", "sam"] as const) {
        const latest = JSON.parse((await read(who)).latest);
        expect(latest.revealed).toBe(true);
        expect(latest.responses.map((r: { response: string; guess?: unknown }) => [r.response, r.guess])).toEqual([
          ["Lisbon", revealed],
          ["Kyoto", samGuess],
        ]);
      }
    });
  }

  it("lets a guess change until the other's answer can have been seen, then refuses it with a 409 and writes nothing", async () => {
    const unsealed = await guessingApp();
    await unsealed.answer("alex", { response: "Lisbon", guess: "Kyoto" });
    expect((await unsealed.answer("alex", { response: "Lisbon", guess: "Osaka" })).statusCode).toBe(200);
    await unsealed.answer("sam", { response: "Kyoto" });
    // Unsealed, Sam's answer is on Alex's page now: her guess is final, and so is Sam's chance to guess.
    const late = await unsealed.answer("alex", { response: "Porto", guess: "Kyoto" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("guess");
    const samLate = await unsealed.answer("sam", { response: "Kyoto", guess: "Lisbon" });
    expect(samLate.statusCode).toBe(409);
    const latest = JSON.parse((await unsealed.read("alex")).latest);
    expect(latest.responses).toEqual([
      expect.objectContaining({ response: "Lisbon", guess: { text: "Osaka", rating: null } }),
      expect.not.objectContaining({ guess: expect.anything() }),
    ]);
    // The same guess again is no change, so an answer can still be edited.
    expect((await unsealed.answer("alex", { response: "Porto", guess: "Osaka" })).statusCode).toBe(200);

    // Sealed, Sam's answer stays hidden from Alex until she answers: she may still guess with it.
    const sealed = await guessingApp({ sealing: true });
    await sealed.answer("sam", { response: "Kyoto" });
    expect((await sealed.answer("alex", { response: "Lisbon", guess: "Kyoto" })).statusCode).toBe(200);
    expect((await sealed.answer("alex", { response: "Lisbon", guess: "Osaka" })).statusCode).toBe(409);
  });

  it("refuses a stale form's answer edit over a guess changed since on another device, and keeps the newer guess", async () => {
    const { answer, read } = await guessingApp();
    const first = await answer("alex", { response: "Lisbon", guess: "Kyoto" });
    // The phone and the laptop both show this answer, with its guess.
    const shown = first.json()[0].created_at as string;
    // The laptop changes only the guess: the answer's words stay.
    const laptop = await answer("alex", { response: "Lisbon", guess: "Osaka", based_on: shown });
    expect(laptop.statusCode, laptop.body).toBe(200);
    const changed = laptop.json()[0].created_at as string;
    expect(changed).not.toBe(shown);
    // Its answer lost, the laptop sends the same again: done, not refused.
    const again = await answer("alex", { response: "Lisbon", guess: "Osaka", based_on: shown });
    expect(again.statusCode, again.body).toBe(200);
    // The phone, painted from its kept cache, edits the answer and sends the guess it still shows.
    const phone = await answer("alex", { response: "Porto", guess: "Kyoto", based_on: shown });
    expect(phone.statusCode, phone.body).toBe(409);
    expect(phone.json().message).toBe(
      "Your answer was changed since you opened it (on another device, or in Discord): nothing was replaced.",
    );
    // So does a stale change of the guess alone.
    expect((await answer("alex", { response: "Lisbon", guess: "Nara", based_on: shown })).statusCode).toBe(409);
    const latest = JSON.parse((await read("alex")).latest);
    expect(latest.responses).toEqual([
      expect.objectContaining({ response: "Lisbon", created_at: changed, guess: { text: "Osaka", rating: null } }),
    ]);
    // Shown the newer answer, the phone's edit is taken.
    const redone = await answer("alex", { response: "Porto", guess: "Osaka", based_on: changed });
    expect(redone.statusCode, redone.body).toBe(200);
  });

  it("lets the partner a guess is about rate it once, after the reveal; a nailed one earns both the reward once", async () => {
    const { answer, rate, balance } = await guessingApp({ sealing: true, guessReward: 4 });
    await answer("alex", { response: "Lisbon", guess: "Kyoto" });
    const early = await rate("sam", { rating: "nailed" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("A guess is rated once you've both answered.");
    await answer("sam", { response: "Kyoto", guess: "Lisbon" });
    const before = { alex: await balance("alex"), sam: await balance("sam") };
    // Alex guessed about Sam: Sam rates it. Alex cannot rate her own.
    const nailed = await Promise.all([rate("sam", { rating: "nailed" }), rate("sam", { rating: "nailed" })]);
    expect(nailed.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(nailed.map((reply) => reply.json().reward).sort()).toEqual([0, 4]);
    expect((await rate("sam", { rating: "close" })).statusCode).toBe(409);
    // Sam's guess of Alex's answer, nailed too: the question has paid already.
    expect((await rate("alex", { rating: "nailed" })).json()).toEqual({ rating: "nailed", reward: 0 });
    expect({ alex: await balance("alex"), sam: await balance("sam") }).toEqual({
      alex: before.alex + 4,
      sam: before.sam + 4,
    });
  });

  it("says there is nothing to rate when the partner did not guess", async () => {
    const { answer, rate } = await guessingApp();
    await answer("alex", { response: "Lisbon" });
    await answer("sam", { response: "Kyoto" });
    const reply = await rate("sam", { rating: "close" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe("Alex didn't guess this one.");
  });

  it("answers 400 naming the field for a bad guess or rating, and writes nothing", async () => {
    const { answer, rate, db } = await guessingApp();
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, string][] = [
      [answer("alex", { response: "Lisbon", guess: "" }), "body.guess"],
      [answer("alex", { response: "Lisbon", guess: "x".repeat(301) }), "body.guess"],
      [answer("alex", { response: "Lisbon", guess: 7 }), "body.guess"],
      [rate("sam", { rating: "perfect" }), "body.rating"],
      [rate("sam", {}), "body.rating"],
      [rate("sam", { rating: "nailed" }, "abc"), "params.questionId"],
    ];
    for (const [reply, field] of cases) {
      const { statusCode, json } = await reply;
      expect(statusCode).toBe(400);
      expect(json().message).toContain(field);
    }
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM answers").get()).toEqual({ n: 0 });
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM guesses").get()).toEqual({ n: 0 });
  });

  it("counts how well each knows the other over their last ten rated guesses, for the dashboard", async () => {
    const test = await guessingApp();
    const record = async () =>
      (await test.app.inject({ url: "/api/guesses/record", headers: { cookie: test.cookie.sam } })).json();
    expect(await record()).toEqual({ partners: [] });
    for (let i = 0; i < 12; i++) {
      const id = askQuestion(test.db, { text: `Question ${i}?` }).id;
      await test.answer("alex", { response: `Mine ${i}`, guess: `Yours ${i}` }, id);
      await test.answer("sam", { response: `Yours ${i}` }, id);
      // The first two were not quite; the ten after them, eight nailed and two close.
      const rating = i < 2 ? "not_quite" : i % 5 === 0 ? "close" : "nailed";
      expect((await test.rate("sam", { rating }, id)).statusCode).toBe(200);
    }
    expect(await record()).toEqual({ partners: [{ guesser: "Alex", about: "Sam", nailed: 8, rated: 10 }] });
  });

  it("filters the Q&A to the questions with a guess the reader may see", async () => {
    const { app, db, answer, cookie, questionId } = await guessingApp();
    const other = askQuestion(db, { text: "Breakfast in bed?" }).id;
    await answer("sam", { response: "Pancakes", guess: "Waffles" }, other);
    await answer("alex", { response: "Lisbon" });
    const guessed = async (who: Who) =>
      (await app.inject({ url: "/api/questions?guessed=true", headers: { cookie: cookie[who] } })).json() as {
        questions: { question_id: number }[];
        total: number;
      };
    // Sam's guess is hers alone until Alex answers that one.
    expect((await guessed("sam")).questions.map((q) => q.question_id)).toEqual([other]);
    expect(await guessed("alex")).toMatchObject({ questions: [], total: 0 });
    await answer("alex", { response: "Waffles" }, other);
    expect((await guessed("alex")).questions.map((q) => q.question_id)).toEqual([other]);
    expect(
      (await app.inject({ url: "/api/questions?guessed=false", headers: { cookie: cookie.alex } })).json().total,
    ).toBe(2);
    expect(questionId).not.toBe(other);
  });
});
