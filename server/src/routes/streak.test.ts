import type { Db } from "@spankbank/db/client";
import { dailyQuestionToPost, seedQuestionBank } from "@spankbank/db/questions";
import { instantAt } from "@spankbank/shared/calendar";
import type { CoupleConfig } from "@spankbank/shared/config";
import { STREAK_MILESTONE_DAYS } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp, testCouple } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The app on a clock the test moves, with the daily question at 09:00 in `timeZone` (Alex lives in
 * Asia/Kolkata, Sam in America/New_York). `ask(day)` asks that day's daily question at its time, as
 * the bot's schedule does; `answer(who, id, iso)` answers it through the API at that moment.
 */
async function streakApp(timeZone: string, streakFreezesPerMonth = 0) {
  let clock = new Date("2026-01-01T00:00:00Z");
  const config: CoupleConfig = {
    ...testCouple,
    dailyQuestion: { time: "09:00", timeZone },
    economy: { ...testCouple.economy, streakFreezesPerMonth },
  };
  const test = await buildTestApp({ config, now: () => clock });
  seedQuestionBank(
    test.db,
    Array.from({ length: 40 }, (_, i) => `Question ${i + 1}?`),
  );
  // A fresh session on the moved clock each time: the test spans more than a session lives.
  const cookie = (who: "alex" | "sam") => sessionCookie(test, who);
  const ask = (day: string) => {
    clock = instantAt(day, "09:00", timeZone);
    return dailyQuestionToPost(test.db, day, config.couple, clock)!.id;
  };
  const answer = async (who: "alex" | "sam", questionId: number, iso: string) => {
    clock = new Date(iso);
    const reply = await test.app.inject({
      method: "PUT",
      url: `/api/questions/${questionId}`,
      headers: { cookie: cookie(who) },
      payload: { response: `${who} on ${iso}` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  /** Both answer the day's question an hour after it is asked. */
  const bothAnswer = async (day: string) => {
    const id = ask(day);
    const later = new Date(clock.getTime() + 3_600_000).toISOString();
    await answer("alex", id, later);
    await answer("sam", id, later);
  };
  const streak = async (who: "alex" | "sam" = "alex") =>
    (await test.app.inject({ method: "GET", url: "/api/streak", headers: { cookie: cookie(who) } })).json();
  return { ...test, ask, answer, bothAnswer, streak };
}

const milestoneEvents = (db: Db) =>
  db.$client.prepare("SELECT payload FROM outbox WHERE kind = 'streak_milestone' ORDER BY id").all();

describe("GET /api/streak", () => {
  it("counts daily questions in a row both answered; today's, still open, breaks nothing until the next is asked", async () => {
    const { ask, answer, bothAnswer, streak } = await streakApp("Asia/Kolkata");
    expect(await streak()).toEqual({ current: 0, best: 0, answered_today: false });
    for (const day of ["2026-05-01", "2026-05-02", "2026-05-03"]) await bothAnswer(day);
    expect(await streak("sam")).toEqual({ current: 3, best: 3, answered_today: true });
    const fourth = ask("2026-05-04");
    await answer("alex", fourth, "2026-05-04T05:00:00Z");
    expect(await streak()).toEqual({ current: 3, best: 3, answered_today: false });
    ask("2026-05-05"); // Sam never answered the 4th: the streak is over.
    expect(await streak()).toEqual({ current: 0, best: 3, answered_today: false });
    await bothAnswer("2026-05-06"); // the 5th went unanswered: a new streak starts
    expect(await streak()).toEqual({ current: 1, best: 3, answered_today: true });
  });

  it("gives each partner their own day and night to answer: Sam in New York answers before the next 09:00 in India", async () => {
    const { ask, answer, streak } = await streakApp("Asia/Kolkata");
    // 09:00 in India on 1 May is 23:30 on 30 April in New York; the next is 23:30 on 1 May there.
    const first = ask("2026-05-01");
    await answer("alex", first, "2026-05-01T04:00:00Z");
    await answer("sam", first, "2026-05-02T03:29:00Z"); // 23:29 on 1 May in New York, a minute before the next
    const second = ask("2026-05-02");
    await answer("alex", second, "2026-05-02T04:00:00Z");
    ask("2026-05-03");
    await answer("sam", second, "2026-05-03T03:31:00Z"); // a minute after the next was asked: too late
    expect(await streak()).toEqual({ current: 0, best: 1, answered_today: false });
  });

  it("moves the deadline with New York's spring change: 09:00 EDT on 8 March is 13:00 UTC, not 14:00", async () => {
    const { ask, answer, bothAnswer, streak } = await streakApp("America/New_York");
    await bothAnswer("2026-03-06");
    const seventh = ask("2026-03-07"); // 14:00 UTC (EST)
    await answer("sam", seventh, "2026-03-07T15:00:00Z");
    await answer("alex", seventh, "2026-03-08T12:59:00Z"); // 18:29 in India, 08:59 EDT: in time
    const eighth = ask("2026-03-08"); // 13:00 UTC (EDT)
    expect(await streak()).toEqual({ current: 2, best: 2, answered_today: false });
    await answer("sam", eighth, "2026-03-08T14:00:00Z");
    ask("2026-03-09"); // 13:00 UTC
    // 09:30 EDT: in time were 09:00 still 14:00 UTC (EST), too late after the change.
    await answer("alex", eighth, "2026-03-09T13:30:00Z");
    expect(await streak()).toEqual({ current: 0, best: 2, answered_today: false });
  });

  it(`announces the milestones (${STREAK_MILESTONE_DAYS.join(", ")}) once each, for both, not again when an answer changes`, async () => {
    const { db, answer, bothAnswer, streak } = await streakApp("Asia/Kolkata");
    let day = "2026-05-01";
    for (let i = 0; i < 6; i++, day = addDays(day, 1)) await bothAnswer(day);
    expect(milestoneEvents(db)).toEqual([]);
    await bothAnswer(day);
    expect(await streak()).toMatchObject({ current: 7, best: 7 });
    expect(milestoneEvents(db)).toEqual([{ payload: JSON.stringify({ days: 7 }) }]);
    // Changing an answer of the 7th day says nothing new.
    const seventh = db.$client.prepare("SELECT max(id) AS id FROM questions").get() as { id: number };
    await answer("sam", seventh.id, `${addDays(day, 0)}T10:00:00Z`);
    expect(milestoneEvents(db)).toHaveLength(1);
    expect(db.$client.prepare("SELECT recipient_user_id FROM outbox WHERE kind = 'streak_milestone'").all()).toEqual([
      { recipient_user_id: null },
    ]);
  });

  it("with a streak freeze a month in the settings, one missed day a month neither counts nor breaks; a second one does", async () => {
    const { ask, bothAnswer, streak } = await streakApp("Asia/Kolkata", 1);
    for (const day of ["2026-05-29", "2026-05-30"]) await bothAnswer(day);
    ask("2026-05-31"); // missed: May's freeze
    await bothAnswer("2026-06-01");
    ask("2026-06-02"); // missed: June's freeze, a month of its own
    await bothAnswer("2026-06-03");
    expect(await streak()).toEqual({ current: 4, best: 4, answered_today: true, freezes_left: 0 });
    ask("2026-06-04"); // missed again in June: no freeze left
    await bothAnswer("2026-06-05");
    expect(await streak("sam")).toEqual({ current: 1, best: 4, answered_today: true, freezes_left: 0 });
  });

  it("says how many streak freezes are left this month, on the daily question's calendar, only when the settings grant some", async () => {
    const { ask, bothAnswer, streak } = await streakApp("Asia/Kolkata", 2);
    await bothAnswer("2026-07-09");
    expect(await streak()).toMatchObject({ current: 1, freezes_left: 2 });
    ask("2026-07-10"); // missed: one of July's two
    await bothAnswer("2026-07-11");
    expect(await streak()).toMatchObject({ current: 2, freezes_left: 1 });
    ask("2026-07-12"); // missed: July's second
    await bothAnswer("2026-07-13");
    expect(await streak("sam")).toMatchObject({ current: 3, freezes_left: 0 });
    await bothAnswer("2026-08-01"); // August has its own
    expect(await streak()).toMatchObject({ current: 4, freezes_left: 2 });

    const none = await streakApp("Asia/Kolkata");
    await none.bothAnswer("2026-07-09");
    expect(await none.streak()).toEqual({ current: 1, best: 1, answered_today: true });
  });

  it("is for partners only", async () => {
    const { app } = await streakApp("Asia/Kolkata");
    expect((await app.inject({ method: "GET", url: "/api/streak" })).statusCode).toBe(401);
  });
});
