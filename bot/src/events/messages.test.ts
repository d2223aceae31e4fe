import { existsSync, readdirSync } from "node:fs";
import { isMessageHandled } from "@spankbank/db/discordCursors";
import { hasMemoryFromDiscord, listMemories } from "@spankbank/db/memories";
import { latestQuestion } from "@spankbank/db/questions";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import {
  askQuestion,
  attachment,
  botOnTempDb,
  downloads,
  GUILD_ID,
  gateway,
  holdDownload,
  MEMORIES_CHANNEL,
  message,
  posted,
  reactions,
  STRANGER_ID,
  testConfig,
  until,
} from "../test/discord.js";
import { SEALED_NOTE } from "./messages.js";

const [alex, sam] = demoCouple.partners;

describe("the memories channel", () => {
  it("makes a partner's message a memory with a link to it, acknowledged with a reaction", async () => {
    const { client, db } = botOnTempDb();
    const sent = message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "Sunset at the pier" });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/💞`]);
    expect(listMemories(db)).toMatchObject([{ message: "Sunset at the pier", username: "alex_d" }]);
    expect(db.$client.prepare("SELECT discord_url FROM memories").get()).toEqual({
      discord_url: `https://discord.com/channels/900000000000000001/${MEMORIES_CHANNEL}/${sent.id}`,
    });
  });

  it("updates the memory when the message is edited and removes it when deleted", async () => {
    const { client, db } = botOnTempDb();
    const sent = message({ channelId: MEMORIES_CHANNEL, authorId: sam.discordId, content: "Fist pancake" });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => listMemories(db).length === 1);
    gateway(client, "MESSAGE_UPDATE", {
      ...sent,
      content: "First pancake",
      edited_timestamp: "2026-05-01T10:01:00.000Z",
    });
    await until(() => listMemories(db)[0]?.message === "First pancake");
    gateway(client, "MESSAGE_DELETE", { id: sent.id, channel_id: MEMORIES_CHANNEL, guild_id: GUILD_ID });
    await until(() => listMemories(db).length === 0);
  });

  it("makes no memory of a message deleted while its photo downloads, and keeps no file of it", async () => {
    const { client, db, context } = botOnTempDb();
    const photo = attachment("wrong-chat.png", "image/png", 4096);
    const release = holdDownload(photo);
    const sent = message({
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      content: "Meant for the other chat",
      attachments: [photo],
    });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => downloads.length === 1);
    gateway(client, "MESSAGE_DELETE", { id: sent.id, channel_id: MEMORIES_CHANNEL, guild_id: GUILD_ID });
    release();
    await until(() => isMessageHandled(db, MEMORIES_CHANNEL, sent.id));
    expect(hasMemoryFromDiscord(db, sent.id)).toBe(false);
    expect(reactions).toEqual([]);
    const files = existsSync(context.mediaDir) ? readdirSync(context.mediaDir) : [];
    expect(files).toEqual([]);
  });

  it("downloads image attachments and refuses a 20 MB file with a reaction and a note", async () => {
    const { client, db, context } = botOnTempDb();
    const photo = attachment("us.jpg", "image/jpeg", 2048);
    const huge = attachment("huge.png", "image/png", 20 * 1024 * 1024, false);
    const sent = message({
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      content: "Hike",
      attachments: [photo, huge],
    });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => posted.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/💞`, `${MEMORIES_CHANNEL}/${sent.id}/🚫`]);
    expect(posted[0]!.body).toMatchObject({
      content: "I keep only png, jpeg, gif and webp images up to 10 MB, so I left out huge.png.",
      message_reference: { message_id: sent.id },
    });
    expect(db.$client.prepare("SELECT content_type, size FROM memory_images").all()).toEqual([
      { content_type: "image/jpeg", size: 2048 },
    ]);
    expect(readdirSync(context.mediaDir)).toHaveLength(1);
  });

  it("ignores strangers, bots, system messages and other channels", async () => {
    const { client, db } = botOnTempDb();
    gateway(client, "MESSAGE_CREATE", message({ channelId: MEMORIES_CHANNEL, authorId: STRANGER_ID, content: "spam" }));
    gateway(
      client,
      "MESSAGE_CREATE",
      message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "beep", bot: true }),
    );
    gateway(client, "MESSAGE_CREATE", {
      ...message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "joined" }),
      type: 7,
    });
    gateway(client, "MESSAGE_CREATE", message({ authorId: alex.discordId, content: "just chatting" }));
    // A last message that is saved proves the ones before were handled and passed over.
    gateway(
      client,
      "MESSAGE_CREATE",
      message({ channelId: MEMORIES_CHANNEL, authorId: sam.discordId, content: "kept" }),
    );
    await until(() => reactions.length === 1);
    expect(listMemories(db).map((m) => m.message)).toEqual(["kept"]);
  });
});

describe("replying to the question", () => {
  it("counts as an answer, acknowledged with a reaction", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!.id;
    const reply = message({
      channelId: posted[0]!.channelId,
      authorId: sam.discordId,
      content: "Lisbon",
      replyTo: questionMessage,
    });
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => reactions.length === 1);
    expect(reactions[0]).toBe(`${posted[0]!.channelId}/${reply.id}/✅`);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
  });

  it("does not take a public reply as an answer while answers are sealed, and says to use /answer", async () => {
    const { client, db } = botOnTempDb({ ...testConfig, questions: { revealAfterBothAnswered: true } });
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!;
    const reply = message({
      channelId: questionMessage.channelId,
      authorId: sam.discordId,
      content: "Lisbon",
      replyTo: questionMessage.id,
    });
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => reactions.length === 1 && posted.length === 2);
    expect(reactions[0]).toBe(`${questionMessage.channelId}/${reply.id}/🤫`);
    expect(posted[1]?.body.content).toBe(SEALED_NOTE);
    expect(latestQuestion(db)?.answers).toEqual([]);
  });
});
