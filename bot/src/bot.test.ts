import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { MessageFlags } from "discord.js";
import { describe, expect, it } from "vitest";
import { createBot } from "./bot.js";
import { commandRegistrations } from "./commands/index.js";
import { BOT_PERMISSIONS, inviteUrl } from "./permissions.js";
import { botOnTempDb, callbackOf, dispatch, STRANGER_ID, slashCommand } from "./test/discord.js";

const [alex] = demoCouple.partners;

describe("the bot", () => {
  it("is created without logging in, on Discord's own REST unless told otherwise", () => {
    const { context } = botOnTempDb();
    expect(createBot(context).isReady()).toBe(false);
    expect(createBot(context).rest.options.api).toBe("https://discord.com/api");
    expect(createBot(context, { api: "http://127.0.0.1:4000/api" }).rest.options.api).toBe("http://127.0.0.1:4000/api");
  });

  it("answers /spanks privately with the partner's spank total from the ledger", async () => {
    const { client, db } = botOnTempDb();
    const alexId = db.$client.prepare("SELECT id FROM users WHERE username = 'alex'").get() as { id: number };
    giveSpanks(db, alexId.id, 42);
    const payload = slashCommand("spanks", alex.discordId);
    expect(await dispatch(client, payload)).toBe("You have 42 spanks");
    expect(callbackOf(payload)).toMatchObject({ type: 4, data: { flags: MessageFlags.Ephemeral } });
  });

  it("turns away anyone who is not one of the couple, privately", async () => {
    const { client } = botOnTempDb();
    const payload = slashCommand("spanks", STRANGER_ID);
    expect(await dispatch(client, payload)).toBe("Spank Bank is private to one couple, sorry!");
    expect(callbackOf(payload)?.data?.flags).toBe(MessageFlags.Ephemeral);
  });

  it("answers an unknown command privately instead of failing silently", async () => {
    const { client } = botOnTempDb();
    expect(await dispatch(client, slashCommand("nope", alex.discordId))).toBe("I don't know the command /nope.");
  });
});

describe("the invite link", () => {
  it("asks for exactly View Channels, Read Message History, Send Messages, Send Messages in Threads and Add Reactions", () => {
    // 1024 + 65536 + 2048 + 2^38 + 64
    expect(BOT_PERMISSIONS).toBe(274877975616n);
    expect(inviteUrl("123")).toBe(
      "https://discord.com/oauth2/authorize?client_id=123&scope=bot+applications.commands&permissions=274877975616",
    );
  });
});

describe("npm run deploy-commands", () => {
  it("registers every slash command and the Save as memory context menu", () => {
    const registered = commandRegistrations().map((c) => `${c.type ?? 1}:${c.name}`);
    expect(registered.sort()).toEqual(
      [
        "1:answer",
        "1:balance",
        "1:bounty",
        "1:donate",
        "1:guess",
        "1:help",
        "1:letters",
        "1:memory",
        "1:nudge",
        "1:question",
        "1:spank",
        "1:spanks",
        "1:visit",
        "1:when",
        "3:Save as memory",
      ].sort(),
    );
  });
});
