import { demoCouple } from "@spankbank/shared/demoCouple";
import { MessageFlags } from "discord.js";
import { describe, expect, it } from "vitest";
import { giveSpanks } from "../../db/src/test/ledgerKit.js";
import { botOnTempDb, callbacks, dispatch, slashCommand } from "./test/discord.js";

const [alex] = demoCouple.partners;

describe("the bot", () => {
  it("is created without logging in", () => {
    const { client } = botOnTempDb();
    expect(client.isReady()).toBe(false);
  });

  it("answers /spanks privately with the partner's spank total from the ledger", async () => {
    const { client, db } = botOnTempDb();
    const alexId = db.$client.prepare("SELECT id FROM users WHERE username = 'alex'").get() as { id: number };
    giveSpanks(db, alexId.id, 42);
    await dispatch(client, slashCommand("spanks", alex.discordId));
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.body).toMatchObject({
      type: 4,
      data: { content: "You have 42 spanks", flags: MessageFlags.Ephemeral },
    });
  });

  it("turns away anyone who is not one of the couple", async () => {
    const { client } = botOnTempDb();
    await dispatch(client, slashCommand("spanks", "333333333333333333"));
    expect(callbacks[0]!.body.data).toMatchObject({
      content: "Spank Bank is private to one couple, sorry!",
      flags: MessageFlags.Ephemeral,
    });
  });

  it("answers an unknown command privately instead of failing silently", async () => {
    const { client } = botOnTempDb();
    await dispatch(client, slashCommand("nope", alex.discordId));
    expect(callbacks[0]!.body.data?.content).toBe("I don't know the command /nope.");
  });
});
