import { donate } from "@spankbank/db/charity";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, giveSpanks } from "../test/economy.js";

describe("GET /api/charitySpankTotal", () => {
  it("answers the total donated, for the couple's charity or no name", async () => {
    const { app, db, alex, sam, cookie } = await buildEconomyApp();
    giveSpanks(db, alex, 50);
    giveSpanks(db, sam, 50);
    donate(db, alex, 12);
    donate(db, sam, 30);

    const named = await app.inject({
      url: "/api/charitySpankTotal?charityName=Floggers4Change",
      headers: { cookie: cookie.sam },
    });
    const bare = await app.inject({ url: "/api/charitySpankTotal", headers: { cookie: cookie.alex } });
    const unknown = await app.inject({
      url: "/api/charitySpankTotal?charityName=Other",
      headers: { cookie: cookie.alex },
    });
    const signedOut = await app.inject({ url: "/api/charitySpankTotal" });

    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ charitySpankTotal: 42 });
    expect(bare.json()).toEqual({ charitySpankTotal: 42 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    expect(signedOut.statusCode).toBe(401);
  });
});
