// Money moved from Discord: once per command, whatever Discord delivers twice or loses on the way back.
import { settleBountyDeadlines } from "@spankbank/db/bounties";
import { checkDatabase } from "@spankbank/db/healthCheck";
import { balanceOf } from "@spankbank/db/ledger";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { type APIApplicationCommandInteractionDataOption, ApplicationCommandOptionType } from "discord.js";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import {
  botOn,
  botOnTempDb,
  callbacks,
  discord,
  dispatch,
  failNextCallbacks,
  gateway,
  slashCommand,
  slashCommandAt,
  until,
} from "../test/discord.js";

const [alex, sam] = demoCouple.partners;
const API = "https://discord.com/api/v10";
const str = (name: string, value: string) => ({ name, type: ApplicationCommandOptionType.String as const, value });
const int = (name: string, value: number) => ({ name, type: ApplicationCommandOptionType.Integer as const, value });
type TestDb = ReturnType<typeof botOnTempDb>["db"];
const idOf = (db: TestDb, username: string) =>
  (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;
const count = (db: TestDb, sql: string) => (db.$client.prepare(sql).get() as { n: number }).n;

/**
 * Discord as it really answers a second callback for one interaction: 40060 "already acknowledged".
 * Returns the callback attempts per interaction id.
 */
function discordRefusesASecondAcknowledgement(): string[] {
  const acknowledged = new Set<string>();
  const attempts: string[] = [];
  discord.use(
    http.post(`${API}/interactions/:id/:token/callback`, async ({ request, params }) => {
      const id = String(params.id);
      attempts.push(id);
      if (acknowledged.has(id)) {
        return HttpResponse.json(
          { message: "Interaction has already been acknowledged.", code: 40060 },
          { status: 400 },
        );
      }
      acknowledged.add(id);
      callbacks.push({ interactionId: id, body: (await request.json()) as never });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return attempts;
}

/** The same INTERACTION_CREATE delivered twice (a gateway replay, or two bot sessions on one token). */
async function deliveredTwice(client: Parameters<typeof dispatch>[0], payload: { id: string; token: string }) {
  const attempts = discordRefusesASecondAcknowledgement();
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const answer = await dispatch(client, payload);
    gateway(client, "INTERACTION_CREATE", payload);
    // The second run: its reply (40060) and the repeat of what it did (40060) are both refused.
    await until(() => attempts.filter((id) => id === payload.id).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return answer;
  } finally {
    error.mockRestore();
  }
}

describe("one interaction delivered twice (a gateway replay, a second session)", () => {
  it("/spank pays the partner once", async () => {
    const { client, db } = botOnTempDb();
    const spank = slashCommand("spank", alex.discordId, [int("amount", 7), str("reason", "Cooked dinner")]);
    expect(await deliveredTwice(client, spank)).toBe("You gave Sam 7 spanks. You can give 43 spanks more today.");
    // The health check (npm run check) sees nothing wrong: the ledger agrees with itself.
    expect(checkDatabase(db)).toEqual([]);
    expect(count(db, "SELECT count(*) AS n FROM transfers WHERE kind = 'award'")).toBe(1);
    expect(balanceOf(db, { userId: idOf(db, "sam") })).toBe(7);
  });

  it("/donate gives once", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 12);
    const donation = slashCommand("donate", alex.discordId, [int("amount", 5)]);
    expect(await deliveredTwice(client, donation)).toBe(
      "You donated 5 spanks to Floggers4Change (5 spanks in all). You have 7 spanks left.",
    );
    expect(checkDatabase(db)).toEqual([]);
    expect(balanceOf(db, "charity")).toBe(5);
    expect(balanceOf(db, { userId: idOf(db, "alex") })).toBe(7);
  });

  it("/bounty post posts one bounty and holds its reward once", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 40);
    const post = slashCommandAt("bounty", "2026-05-01T12:00:00Z", alex.discordId, [
      {
        name: "post",
        type: ApplicationCommandOptionType.Subcommand,
        options: [str("title", "Plant the tulips"), int("reward", 20)],
      },
    ] as never);
    expect(await deliveredTwice(client, post)).toBe(
      '🎯 Posted bounty #1 "Plant the tulips": 20 spanks held until it is done.',
    );
    expect(checkDatabase(db)).toEqual([]);
    expect(count(db, "SELECT count(*) AS n FROM bounties")).toBe(1);
    expect(balanceOf(db, "escrow")).toBe(20);
  });

  it("/nudge tells the partner once, and counts once against the day's nudges", async () => {
    const { client, db } = botOnTempDb();
    const nudge = slashCommandAt("nudge", "2026-05-01T04:00:00Z", alex.discordId, [str("line", "Thinking of you")]);
    expect(await deliveredTwice(client, nudge)).toBe(
      `💗 Sam will know you're thinking of them. You can send ${NUDGE_DAILY_LIMIT - 1} more today.`,
    );
    expect(count(db, "SELECT count(*) AS n FROM nudges")).toBe(1);
    expect(count(db, "SELECT count(*) AS n FROM outbox WHERE kind = 'partner_nudged'")).toBe(1);
  });
});

describe("a /spank whose reply was lost, sent again to the restarted bot", () => {
  it("pays Sam once, and tells Alex it went through", async () => {
    const { client, db, context } = botOnTempDb();
    // Discord fails the reply and its repeat (discord.js tries each 5xx four times): Alex sees
    // "The application did not respond".
    failNextCallbacks.push(...Array(8).fill(503));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      gateway(
        client,
        "INTERACTION_CREATE",
        slashCommand("spank", alex.discordId, [int("amount", 7), str("reason", "Cooked dinner")]),
      );
      await until(() => failNextCallbacks.length === 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      error.mockRestore();
    }
    expect(callbacks).toEqual([]);
    expect(balanceOf(db, { userId: idOf(db, "sam") })).toBe(7);
    // Alex sends the very same /spank again, to the restarted bot, a minute later.
    const again = await dispatch(
      botOn(context),
      slashCommand("spank", alex.discordId, [int("amount", 7), str("reason", "Cooked dinner")]),
    );
    expect(again).toMatch(
      /^You gave Sam 7 spanks for "Cooked dinner" <t:\d+:R> already, so nothing more was given\. To give the same again, give another reason\.$/,
    );
    expect(balanceOf(db, { userId: idOf(db, "sam") })).toBe(7);
    expect(checkDatabase(db)).toEqual([]);
  });
});

describe("a /donate or /bounty post whose reply was lost, sent again", () => {
  it("gives and holds once, and says when it was done", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 40);
    const donation = () => slashCommand("donate", alex.discordId, [int("amount", 5)]);
    await dispatch(client, donation());
    expect(await dispatch(client, donation())).toMatch(
      /^You donated 5 spanks to Floggers4Change <t:\d+:R> already, so nothing more was given\. You have 35 spanks left\.$/,
    );
    const post = () =>
      slashCommand("bounty", alex.discordId, [
        {
          name: "post",
          type: ApplicationCommandOptionType.Subcommand,
          options: [str("title", "Plant the tulips"), int("reward", 20)],
        },
      ] as never);
    await dispatch(client, post());
    expect(await dispatch(client, post())).toMatch(
      /^Bounty #1 "Plant the tulips" was posted <t:\d+:R> already, so it was not posted twice\.$/,
    );
    expect(balanceOf(db, "charity")).toBe(5);
    expect(balanceOf(db, "escrow")).toBe(20);
    expect(balanceOf(db, { userId: idOf(db, "alex") })).toBe(15);
    expect(checkDatabase(db)).toEqual([]);
  });
});

describe("/spank's daily cap at the giver's midnight", () => {
  it("counts an award against the day it was sent (as /nudge does), not the day the bot got to it", async () => {
    const { client, db } = botOnTempDb();
    const alexId = idOf(db, "alex");
    const spankAt = (iso: string, amount: number) =>
      slashCommandAt("spank", iso, alex.discordId, [int("amount", amount), str("reason", "Cooked dinner")]);
    try {
      // Alex sends it at 23:59:59.9 on 1 May in India; the bot runs it 400 ms later, on 2 May there.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-05-01T18:30:00.300Z") });
      expect(await dispatch(client, spankAt("2026-05-01T18:29:59.900Z", 50))).toBe(
        "You gave Sam 50 spanks. You can give 0 spanks more today.",
      );
      // Five minutes into 2 May in India: a new day, a new cap of 50.
      vi.setSystemTime(new Date("2026-05-01T18:35:00Z"));
      const next = await dispatch(client, spankAt("2026-05-01T18:35:00Z", 10));
      const references = db.$client
        .prepare("SELECT reference FROM transfers WHERE kind = 'award' ORDER BY id")
        .pluck()
        .all();
      expect({ next, references }).toEqual({
        next: "You gave Sam 10 spanks. You can give 40 spanks more today.",
        references: [`award:${alexId}:2026-05-01`, `award:${alexId}:2026-05-02`],
      });
    } finally {
      vi.useRealTimers();
    }
    expect(checkDatabase(db)).toEqual([]);
  });
});

describe("/bounty done and the due-day refund", () => {
  const sub = (name: string, options: APIApplicationCommandInteractionDataOption[] = []) => [
    { name, type: ApplicationCommandOptionType.Subcommand as const, options },
  ];
  const bountyAt = (
    iso: string,
    userId: string,
    name: string,
    options: APIApplicationCommandInteractionDataOption[] = [],
  ) => slashCommandAt("bounty", iso, userId, sub(name, options) as never);
  /** Alex (India) posts "Plant the tulips" for 20 spanks, due 1 May: it ends at 2026-05-01T18:30:00Z. */
  async function tulips() {
    const setup = botOnTempDb();
    giveSpanks(setup.db, idOf(setup.db, "alex"), 20);
    await dispatch(
      setup.client,
      bountyAt("2026-05-01T12:00:00Z", alex.discordId, "post", [
        str("title", "Plant the tulips"),
        int("reward", 20),
        str("due", "2026-05-01"),
      ]),
    );
    return setup;
  }

  it("sent again after the poster approved it, says it was paid, never that it waits for approval", async () => {
    const { client, db } = await tulips();
    const done = [int("id", 1), str("note", "All twelve in")];
    await dispatch(client, bountyAt("2026-05-01T13:00:00Z", sam.discordId, "done", done));
    await dispatch(client, bountyAt("2026-05-01T13:05:00Z", alex.discordId, "approve", [int("id", 1)]));
    // Sam saw no answer to her /bounty done ("The application did not respond") and sends it again.
    expect(await dispatch(client, bountyAt("2026-05-01T13:10:00Z", sam.discordId, "done", done))).toBe(
      '✅ Bounty #1 "Plant the tulips" was approved already: 20 spanks went to you.',
    );
    expect(balanceOf(db, { userId: idOf(db, "sam") })).toBe(20);
  });

  it("a done Sam sent one second before the due day ended is kept, though the quarter-hour check ran first", async () => {
    const { client, db } = await tulips();
    // The server's check runs every 15 minutes on the couple's zone (India): 00:00 IST is on it,
    // and waits a moment for a done sent in time.
    expect(settleBountyDeadlines(db, new Date("2026-05-01T18:30:00.000Z")).refunded).toBe(0);
    // Sam's /bounty done, sent at 23:59:59 IST, reaches the bot a moment later.
    const answer = await dispatch(
      client,
      bountyAt("2026-05-01T18:29:59.000Z", sam.discordId, "done", [int("id", 1), str("note", "All twelve in")]),
    );
    expect(answer).toBe('✅ Bounty #1 "Plant the tulips" is done: Alex will approve it.');
    expect(checkDatabase(db)).toEqual([]);
  });

  it("a done Sam sent ten minutes after the due day ended is refused, though the check had not run yet", async () => {
    const { client, db } = await tulips();
    const answer = await dispatch(
      client,
      bountyAt("2026-05-01T18:40:00.000Z", sam.discordId, "done", [int("id", 1), str("note", "All twelve in")]),
    );
    expect(answer).toBe('"Plant the tulips" passed its due day: it can no longer be marked done.');
    expect(settleBountyDeadlines(db, new Date("2026-05-01T18:45:00.000Z")).refunded).toBe(1);
    expect(checkDatabase(db)).toEqual([]);
  });

  it("a done in time cannot be sent back after the due day, so it is never refunded to Alex", async () => {
    const { client, db } = await tulips();
    await dispatch(
      client,
      bountyAt("2026-05-01T15:00:00.000Z", sam.discordId, "done", [int("id", 1), str("note", "All twelve in")]),
    );
    expect(
      await dispatch(
        client,
        bountyAt("2026-05-01T19:00:00.000Z", alex.discordId, "send-back", [int("id", 1), str("reason", "Water them")]),
      ),
    ).toBe(
      '"Plant the tulips" was done in time and its due day has passed, so it can no longer be sent back: approve it.',
    );
    expect(settleBountyDeadlines(db, new Date("2026-05-01T19:00:00.000Z")).refunded).toBe(0);
    expect(balanceOf(db, { userId: idOf(db, "alex") })).toBe(0);
    expect(checkDatabase(db)).toEqual([]);
  });
});
