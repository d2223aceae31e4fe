import { openDb } from "@spankbank/db/client";
import { writeLaterLetter } from "@spankbank/db/laterLetters";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { deliverPending } from "../outbox/delivery.js";
import { ANNOUNCEMENTS_CHANNEL, botOnTempDb, posted } from "../test/discord.js";
import { scheduleLetterOpenings } from "./openings.js";

const [, sam] = demoCouple.partners;
const opened = () =>
  posted.filter((post) => post.channelId === ANNOUNCEMENTS_CHANNEL && String(post.body.content).startsWith("💌"));

describe("announcing a letter for later when it opens", () => {
  it("announces a letter that opened while the bot was down once at start, and never again after a restart", async () => {
    const { client, db, context } = botOnTempDb();
    const [alex] = db.$client.prepare("SELECT id FROM users ORDER BY id").all() as { id: number }[];
    // Written in January to open on 1 February on Sam's clock: long past by now.
    const opening = { kind: "date", date: "2026-02-01", time: "08:00" };
    writeLaterLetter(db, { fromUserId: alex!.id, text: "Secret", opening, now: new Date("2026-01-01T00:00:00Z") });
    // And one still sealed for years: not announced.
    const sealed = { kind: "date", date: `${new Date().getUTCFullYear() + 5}-12-24`, time: "08:00" };
    writeLaterLetter(db, { fromUserId: alex!.id, text: "Later", opening: sealed });
    const before = opened().length;

    scheduleLetterOpenings(context)();
    expect(await deliverPending(client, context)).toBe(1);
    expect(opened().slice(before)).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({
          content: `💌 <@${sam.discordId}>, a letter from Alex has just opened for you. Read it in Letters for later.`,
        }),
      }),
    ]);
    expect(JSON.stringify(opened())).not.toContain("Secret");

    // A restart: a new process on the same file checks again at start and delivers what is pending.
    const again = { ...context, db: openDb(db.$client.name) };
    scheduleLetterOpenings(again)();
    scheduleLetterOpenings(again)();
    expect(await deliverPending(client, again)).toBe(0);
    expect(opened().slice(before)).toHaveLength(1);
    again.db.$client.close();
  });
});
