import { settleBountyDeadlines } from "@spankbank/db/bounties";
import { syncCouple } from "@spankbank/db/couple";
import { balanceOf } from "@spankbank/db/ledger";
import type { CoupleConfig } from "@spankbank/shared/config";
import { describe, expect, it } from "vitest";
import { testCouple } from "../test/app.js";
import { buildEconomyApp, giveSpanks } from "../test/economy.js";

/** The couple with Sam living in `timeZone`: what couple.config.json says after a move. */
function samIn(timeZone: string): CoupleConfig {
  const [alex, sam] = testCouple.partners;
  return { ...testCouple, partners: [alex!, { ...sam!, timeZone }] };
}

describe("a bounty's due day once its poster moved (a new timeZone in couple.config.json)", () => {
  it("stays open until the end of the due day shown, on the poster's new clock, so a doer finishing that evening is paid", async () => {
    let clock = new Date("2026-11-26T12:00:00Z"); // noon in Lisbon, where Sam lives
    const test = await buildEconomyApp();
    const { db, alex, sam } = test;
    const { buildApp } = await import("../app.js");
    const app = await buildApp({ db, config: testCouple, demo: true, now: () => clock });
    const post = (url: string, who: "alex" | "sam", payload: object = {}) =>
      app.inject({ method: "POST", url, headers: { cookie: test.cookie[who] }, payload });
    syncCouple(db, samIn("Europe/Lisbon"));
    giveSpanks(db, sam, 100);

    const posted = await post("/api/bounties", "sam", { title: "Fix the shelf", reward: 30, due_date: "2026-11-29" });
    const unclaimed = await post("/api/bounties", "sam", { title: "Call grandma", reward: 10, due_date: "2026-11-29" });
    expect([posted.statusCode, unclaimed.statusCode]).toEqual([201, 201]);
    const shelf: number = posted.json().bounty.id;
    expect((await post(`/api/bounties/${shelf}/claim`, "alex")).statusCode).toBe(200);

    // Sam moves from Lisbon to New York; the server restarts with the new config.
    syncCouple(db, samIn("America/New_York"));

    // 19:15 on the 29th in New York (midnight has passed in Lisbon): the quarter-hourly check runs.
    clock = new Date("2026-11-30T00:15:00Z");
    expect(settleBountyDeadlines(db, clock).refunded).toBe(0);
    // 21:00 on the 29th in New York: Alex says it is done, and Sam approves.
    clock = new Date("2026-11-30T02:00:00Z");
    const done = await post(`/api/bounties/${shelf}/done`, "alex", { note: "Level and sturdy" });
    expect(done.statusCode, `done at 21:00 on the due day shown: ${done.body}`).toBe(200);
    expect((await post(`/api/bounties/${shelf}/approve`, "sam")).statusCode).toBe(200);
    expect(balanceOf(db, { userId: alex })).toBe(30);
    const listed = await app.inject({ url: "/api/bounties", headers: { cookie: test.cookie.sam } });
    const bounty = listed.json().bounties.find((b: { id: number }) => b.id === shelf);
    // The due day shown stays the 29th; it ended at midnight in New York (05:00 UTC).
    expect([bounty.due_date, bounty.due_at]).toEqual(["2026-11-29", "2026-11-30T05:00:00.000Z"]);

    // 00:15 on the 30th in New York: the due day is over on Sam's clock; the unclaimed one goes back.
    clock = new Date("2026-11-30T05:15:00Z");
    expect(settleBountyDeadlines(db, clock).refunded).toBe(1);
    expect(balanceOf(db, { userId: sam })).toBe(70);
    await app.close();
  });
});
