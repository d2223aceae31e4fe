import { postBounty, withdrawBounty } from "@spankbank/db/bounties";
import { setDayOf } from "@spankbank/db/partnerDays";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { describe, expect, it } from "vitest";
import { botOnTempDb, posted } from "../test/discord.js";
import { deliverPending } from "./delivery.js";

type Bot = ReturnType<typeof botOnTempDb>;

const ids = (db: Bot["db"]) => {
  const rows = db.$client.prepare("SELECT id FROM users ORDER BY id").all() as { id: number }[];
  return { alex: rows[0]!.id, sam: rows[1]!.id };
};

describe("a bounty withdrawn while its announcement waits for the partner's morning digest", () => {
  it("is not announced to the partner as a task to do in the morning", async () => {
    const bot = botOnTempDb();
    const { alex, sam } = ids(bot.db);
    // Sam (America/New_York) sleeps 23:00-07:00 and wants a morning digest.
    setDayOf(bot.db, bot.context.config, sam, {
      sleep: { from: "23:00", to: "07:00" },
      work: null,
      quietHours: "digest",
    });
    giveSpanks(bot.db, alex, 50);
    // 2:00 AM in New York (12:30 PM in India): Alex posts a bounty for Sam, held for Sam's digest.
    const bounty = postBounty(
      bot.db,
      alex,
      { title: "Voice note of our song", reward: 20 },
      new Date("2026-01-15T07:00:00Z"),
    );
    expect(await deliverPending(bot.client, bot.context, new Date("2026-01-15T07:00:00Z"))).toBe(0);
    // 3:00 AM in New York: Alex changes their mind and withdraws it (nobody claimed it): 20 spanks back.
    const withdrawn = withdrawBounty(bot.db, alex, bounty.id, new Date("2026-01-15T08:00:00Z"));
    expect(withdrawn.status).toBe("refunded");
    // 7:00 AM in New York: Sam's morning digest.
    await deliverPending(bot.client, bot.context, new Date("2026-01-15T12:00:00Z"));
    const said = posted.map((post) => String(post.body.content)).join("\n");
    // Sam must not be told to do a bounty that no longer exists ("`/bounty done` when it's done!").
    expect(said).not.toContain('posted bounty #1 "Voice note of our song"');
  });
});
