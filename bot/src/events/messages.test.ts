import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isMessageHandled } from "@spankbank/db/discordCursors";
import { hasMemoryFromDiscord, listMemories } from "@spankbank/db/memories";
import { answerQuestion, latestQuestion } from "@spankbank/db/questions";
import { mp4Video, oggOpusVoiceNote, webmVideo } from "@spankbank/db/test/tinyMedia";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { type Client, SnowflakeUtil } from "discord.js";
import type { APIAttachment, APIMessage } from "discord-api-types/v10";
import { describe, expect, it, vi } from "vitest";
import {
  askQuestion,
  attachment,
  bigFiles,
  botOn,
  botOnTempDb,
  downloads,
  forward,
  GUILD_ID,
  gateway,
  history,
  holdDownload,
  MEMORIES_CHANNEL,
  message,
  posted,
  QUESTIONS_CHANNEL,
  reactions,
  reactionsRemoved,
  STRANGER_ID,
  servedAttachment,
  testConfig,
  until,
  voiceMessage,
} from "../test/discord.js";
import { drain } from "../workInProgress.js";
import { keepCatchingUp } from "./catchUp.js";
import { SEALED_NOTE } from "./messages.js";

const [alex, sam] = demoCouple.partners;
const REFUSED_NOTE = (names: string) =>
  `I keep png, jpeg, gif and webp images up to 10 MB, voice messages up to 20 minutes and mp4, webm or mov videos up to 3 minutes and 10 MB, so I left out ${names}.`;
const MiB = 1024 * 1024;
/** A chat the bot is not in (a friend's server): a forward's message may come from there. */
const OTHER_CHAT = "800000000000000001";

/** Alex posts these words and files in the memories channel. */
function postInMemories(client: Client, content: string, attachments: APIAttachment[]) {
  const sent = message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content, attachments });
  gateway(client, "MESSAGE_CREATE", sent);
  return sent;
}

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

  it("keeps the words as Discord shows them: a mention as the name, a custom emoji as its name, in the memory and its edit", async () => {
    const { client, db } = botOnTempDb();
    const samMentioned = { id: sam.discordId, username: "sam_r", discriminator: "0", global_name: "Sam", avatar: null };
    const sent = {
      ...message({
        channelId: MEMORIES_CHANNEL,
        authorId: alex.discordId,
        content: `Dinner with <@${sam.discordId}> <:heart:123456789012345678>`,
      }),
      mentions: [samMentioned],
    };
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 1);
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["Dinner with @Sam :heart:"]);
    gateway(client, "MESSAGE_UPDATE", {
      ...sent,
      content: `Dinner and a walk with <@${sam.discordId}>`,
      edited_timestamp: new Date(Date.now() + 1000).toISOString(),
    });
    await until(() => listMemories(db)[0]?.message !== "Dinner with @Sam :heart:");
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["Dinner and a walk with @Sam"]);
  });

  it("names a partner with a server nickname as Discord names them, live and when read back at a restart, so the restart edits nothing", async () => {
    const { client, db, context } = botOnTempDb();
    const samUser = { id: sam.discordId, username: "sam_r", discriminator: "0", global_name: "Sam", avatar: null };
    // Live, the gateway's MESSAGE_CREATE carries each mention's member, with the server nickname.
    const member = { nick: "Sammy", roles: [], joined_at: "2025-01-01T00:00:00.000Z", deaf: false, mute: false };
    const live = {
      ...message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: `Dinner with <@${sam.discordId}>` }),
      mentions: [{ ...samUser, member }],
    };
    gateway(client, "MESSAGE_CREATE", live);
    await until(() => reactions.length === 1);
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["Dinner with @Sam"]);

    // Read back by the next start's recheck as Discord's REST gives it: plain users, no members.
    history.set(MEMORIES_CHANNEL, [{ ...live, mentions: [samUser] }]);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await keepCatchingUp(botOn(context), context, [0]);
      expect(log.mock.calls.flat().join("\n")).not.toContain("Applied");
    } finally {
      log.mockRestore();
    }
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["Dinner with @Sam"]);
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

  it("takes a photo removed from the message in Discord off its memory, and off the disk", async () => {
    const { client, db, context } = botOnTempDb();
    const keep = attachment("us.png", "image/png", 4096);
    const wrong = attachment("not-for-here.png", "image/png", 5000);
    const sent = postInMemories(client, "Beach day", [keep, wrong]);
    await until(() => reactions.length === 1);
    const images = () =>
      db.$client.prepare("SELECT file_name, size FROM memory_images ORDER BY id").all() as {
        file_name: string;
        size: number;
      }[];
    const [, removed] = images();
    // Alex takes the wrong photo out of the message in Discord; the words stay.
    gateway(client, "MESSAGE_UPDATE", { ...sent, attachments: [keep], edited_timestamp: "2026-05-01T10:01:00.000Z" });
    await until(() => images().length === 1);
    expect(images()).toEqual([expect.objectContaining({ size: 4096 })]);
    await until(() => !existsSync(join(context.mediaDir, removed!.file_name)));
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["Beach day"]);
  });

  it("makes a partner's forward of a photo from another chat a memory: its words and photo, by who forwarded it, when", async () => {
    const { client, db } = botOnTempDb();
    const photo = attachment("cabin.jpg", "image/jpeg", 4096);
    // A friend's photo in a chat of theirs, a year ago; Sam forwards it into the memories channel.
    const original = {
      ...message({ channelId: OTHER_CHAT, authorId: STRANGER_ID, content: "The cabin!", attachments: [photo] }),
      guild_id: undefined,
      timestamp: "2025-05-01T10:00:00.000Z",
    };
    const forwarded = forward({ channelId: MEMORIES_CHANNEL, authorId: sam.discordId, of: original });
    gateway(client, "MESSAGE_CREATE", forwarded);
    await until(() => isMessageHandled(db, MEMORIES_CHANNEL, forwarded.id));
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${forwarded.id}/💞`]);
    expect(posted).toEqual([]);
    expect(listMemories(db)).toMatchObject([{ message: "The cabin!", username: sam.responseName }]);
    expect(db.$client.prepare("SELECT created_at FROM memories").get()).toEqual({
      created_at: new Date(SnowflakeUtil.timestampFrom(forwarded.id)).toISOString(),
    });
    expect(db.$client.prepare("SELECT content_type, size FROM memory_images").all()).toEqual([
      { content_type: "image/jpeg", size: 4096 },
    ]);

    // A photo alone, forwarded from the chat beside it; then Discord sends the forward again as an update.
    const alone = attachment("us.png", "image/png", 2048);
    const photoAlone = forward({
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      of: message({ authorId: sam.discordId, content: "", attachments: [alone] }),
    });
    gateway(client, "MESSAGE_CREATE", photoAlone);
    await until(() => reactions.length === 2);
    gateway(client, "MESSAGE_UPDATE", { ...photoAlone, pinned: true });
    gateway(client, "MESSAGE_UPDATE", { ...forwarded, pinned: true });
    // Alex's message after them, once acknowledged, shows both updates were handled.
    const after = postInMemories(client, "After the forwards", []);
    await until(() => reactions.length === 3 && isMessageHandled(db, MEMORIES_CHANNEL, after.id));
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["After the forwards", "", "The cabin!"]);
    expect(db.$client.prepare("SELECT size FROM memory_images ORDER BY id").all()).toEqual([
      { size: 4096 },
      { size: 2048 },
    ]);
  });

  it("says in one Discord message which files it left out, however long their names", async () => {
    const { client, db } = botOnTempDb();
    // Ten files too big to keep, each with a long name, and no words: no memory, and a note saying why.
    const names = Array.from({ length: 10 }, (_, i) => `${String(i).repeat(3)}-${"holiday-".repeat(30)}.png`);
    const huge = names.map((name) => attachment(name, "image/png", 20 * MiB, false));
    const sent = postInMemories(client, "", huge);
    await until(() => isMessageHandled(db, MEMORIES_CHANNEL, sent.id));
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`]);
    const [note] = posted;
    expect(note?.body.content?.length).toBeLessThanOrEqual(2000);
    expect(note?.body.content).toBe(REFUSED_NOTE(`${names[0]}, ${names[1]} and 8 more`));
    expect(listMemories(db)).toEqual([]);
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

  it("takes an edit made while its photos download: the words fixed, a photo taken out of the message left out", async () => {
    const { client, db, context } = botOnTempDb();
    const wrong = attachment("wrong-photo.png", "image/png", 4096);
    const beach = attachment("beach.png", "image/png", 2048);
    const release = holdDownload(wrong);
    const sent = message({
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      content: "Beach dya with you",
      attachments: [wrong, beach],
    });
    history.set(MEMORIES_CHANNEL, [sent]);
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => downloads.length === 1);
    // Alex fixes the typo and takes out the wrong photo a few seconds later, while it still downloads.
    const edited = {
      ...sent,
      content: "Beach day with you",
      attachments: [beach],
      edited_timestamp: new Date().toISOString(),
    };
    history.set(MEMORIES_CHANNEL, [edited]);
    gateway(client, "MESSAGE_UPDATE", edited);
    // The edit's handler has had its say (it read the message back from Discord): no memory to change yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await until(() => isMessageHandled(db, MEMORIES_CHANNEL, sent.id));
    expect(await drain(context, 10_000)).toBe(0);

    expect(listMemories(db).map((memory) => memory.message)).toEqual(["Beach day with you"]);
    expect(db.$client.prepare("SELECT size FROM memory_images").all()).toEqual([{ size: 2048 }]);
    expect(readdirSync(context.mediaDir)).toHaveLength(1);
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
      content: REFUSED_NOTE("huge.png"),
      message_reference: { message_id: sent.id },
    });
    expect(db.$client.prepare("SELECT content_type, size FROM memory_images").all()).toEqual([
      { content_type: "image/jpeg", size: 2048 },
    ]);
    expect(readdirSync(context.mediaDir)).toHaveLength(1);
  });

  /** Alex posts in the memories channel, as Discord keeps it: the bot's reactions show on it when read back. */
  function postKept(client: Client, content: string, attachments: APIAttachment[] = []) {
    const sent = postInMemories(client, content, attachments);
    history.set(MEMORIES_CHANNEL, [...(history.get(MEMORIES_CHANNEL) ?? []), sent]);
    return sent;
  }
  /** Alex edits it in Discord: its words change there, and the bot hears of it. */
  function editKept(client: Client, sent: APIMessage, content: string) {
    Object.assign(sent, { content, edited_timestamp: new Date().toISOString() });
    gateway(client, "MESSAGE_UPDATE", { ...sent });
  }

  it("makes a memory of a post it refused once the partner edits it into one, with its 💞, and takes the 🚫 off", async () => {
    const { client, db } = botOnTempDb();
    // Alex has Nitro: Discord took 2,400 characters, a memory keeps 2,000.
    const sent = postKept(client, "We danced ".repeat(240));
    await until(() => posted.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`]);
    editKept(client, sent, "We danced ".repeat(150).trim());
    await until(() => listMemories(db).length === 1);
    await until(() => reactionsRemoved.length === 1);
    expect(listMemories(db)[0]).toMatchObject({ message: "We danced ".repeat(150).trim(), username: "alex_d" });
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`, `${MEMORIES_CHANNEL}/${sent.id}/💞`]);
    expect(reactionsRemoved).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`]);
    expect(posted).toHaveLength(1);
  });

  it("keeps a photo-only post it refused, edited to say something, as a memory of the words: its 🚫 for the photo stays", async () => {
    const { client, db } = botOnTempDb();
    const huge = attachment("summit.png", "image/png", 20 * MiB, false);
    const sent = postKept(client, "", [huge]);
    await until(() => posted.length === 1);
    expect(posted[0]!.body.content).toBe(REFUSED_NOTE("summit.png"));
    expect(listMemories(db)).toEqual([]);
    editKept(client, sent, "The view from the top");
    await until(() => listMemories(db).length === 1);
    await until(() => reactions.length === 2);
    expect(listMemories(db)[0]).toMatchObject({ message: "The view from the top" });
    expect(db.$client.prepare("SELECT count(*) AS n FROM memory_images").get()).toEqual({ n: 0 });
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`, `${MEMORIES_CHANNEL}/${sent.id}/💞`]);
    // The note that it left the photo out still holds, and is not said twice.
    expect(reactionsRemoved).toEqual([]);
    expect(posted).toHaveLength(1);
  });

  it("leaves an edit still refused as it was (no second note), and a post it never refused (no 🚫 of its own) alone", async () => {
    const { client, db, context } = botOnTempDb();
    const refused = postKept(client, "We danced ".repeat(240));
    await until(() => posted.length === 1);
    // Written while the bot was not there (before it joined, or its memory purged from the trash).
    const unseen = message({ channelId: MEMORIES_CHANNEL, authorId: sam.discordId, content: "Old times" });
    history.set(MEMORIES_CHANNEL, [unseen, ...(history.get(MEMORIES_CHANNEL) ?? [])]);
    editKept(client, refused, "We danced ".repeat(210));
    editKept(client, unseen, "Old times, edited");
    // Every handler started has finished.
    expect(await drain(context, 10_000)).toBe(0);
    expect(listMemories(db)).toEqual([]);
    expect(posted).toHaveLength(1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${refused.id}/🚫`]);
    expect(reactionsRemoved).toEqual([]);
  });

  it("keeps a voice message, as Discord sends it, as a memory of its own with the Ogg file", async () => {
    const { client, db, context } = botOnTempDb();
    const ogg = oggOpusVoiceNote(2);
    const sent = voiceMessage(sam.discordId, ogg, 2);
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/💞`]);
    expect(posted).toEqual([]);
    expect(listMemories(db)).toMatchObject([{ message: "", username: sam.responseName }]);
    const stored = db.$client.prepare("SELECT file_name, content_type, size FROM memory_images").all() as {
      file_name: string;
    }[];
    expect(stored).toEqual([
      { file_name: expect.stringMatching(/\.ogg$/), content_type: "audio/ogg", size: ogg.length },
    ]);
    expect(readFileSync(join(context.mediaDir, stored[0]!.file_name)).equals(ogg)).toBe(true);
  });

  it("keeps short mp4, mov and webm videos, typed by their bytes", async () => {
    const { client, db } = botOnTempDb();
    const videos = [
      servedAttachment("dance.mp4", "video/mp4", mp4Video(30)),
      servedAttachment("IMG_0420.MOV", "video/quicktime", mp4Video(12, "qt  ")),
      // Discord said nothing of this one's type: its first bytes say WebM.
      { ...servedAttachment("screen.webm", "video/webm", webmVideo(180)), content_type: undefined },
    ];
    const sent = postInMemories(client, "Our first dance", videos);
    await until(() => isMessageHandled(db, MEMORIES_CHANNEL, sent.id));
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/💞`]);
    expect(db.$client.prepare("SELECT content_type FROM memory_images ORDER BY id").all()).toEqual([
      { content_type: "video/mp4" },
      { content_type: "video/quicktime" },
      { content_type: "video/webm" },
    ]);
  });

  it("refuses, with a 🚫 and the note, a video over the size cap, a long video, a long voice message, other audio and a PDF", async () => {
    const { client, db, context } = botOnTempDb();
    const pdf = Buffer.from("%PDF-1.7\n%\xe2\xe3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");
    const refused = [
      // Over the cap: refused from what Discord says, before a byte is read.
      servedAttachment("wedding.mp4", "video/mp4", mp4Video(60), { size: 11 * MiB }),
      // Discord says it is small and short: its own container says 3 minutes and 1 second.
      servedAttachment("film.webm", "video/webm", webmVideo(181)),
      servedAttachment("concert.mkv", "video/webm", webmVideo(60, "matroska")),
      servedAttachment("song.ogg", "audio/ogg", oggOpusVoiceNote(3)),
      servedAttachment("report.pdf", "application/pdf", pdf),
      servedAttachment("fake.mp4", "video/mp4", pdf),
    ];
    const sent = postInMemories(client, "Trip", refused);
    await until(() => posted.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/💞`, `${MEMORIES_CHANNEL}/${sent.id}/🚫`]);
    expect(posted[0]!.body.content).toBe(
      REFUSED_NOTE("wedding.mp4, film.webm, concert.mkv, song.ogg, report.pdf, fake.mp4"),
    );
    expect(listMemories(db).map((m) => m.message)).toEqual(["Trip"]);
    expect(db.$client.prepare("SELECT count(*) AS n FROM memory_images").get()).toEqual({ n: 0 });
    expect(readdirSync(context.mediaDir)).toEqual([]);

    // A voice message longer than 20 minutes by its own bytes (Discord's duration says 5 s): no memory.
    const cdn = await bigFiles({ "/long.ogg": oggOpusVoiceNote(20 * 60 + 1) });
    try {
      context.mediaHosts = [cdn.host];
      const long = voiceMessage(sam.discordId, oggOpusVoiceNote(1), 5);
      long.attachments = [{ ...long.attachments[0]!, url: cdn.url("/long.ogg") }];
      gateway(client, "MESSAGE_CREATE", long);
      await until(() => posted.length === 2);
      expect(reactions.at(-1)).toBe(`${MEMORIES_CHANNEL}/${long.id}/🚫`);
      expect(posted[1]!.body.content).toBe(REFUSED_NOTE("voice-message.ogg"));
      expect(listMemories(db)).toHaveLength(1);
    } finally {
      await cdn.close();
    }
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

/** A question asked in Discord, and Sam's reply to it (`content`), as the gateway delivers them. */
async function samReplies(config = testConfig, content = "Lisbon") {
  const { client, db } = botOnTempDb(config);
  await askQuestion(client, db, "Favourite trip?", alex.discordId);
  const questionMessage = posted[0]!;
  const reply = message({
    channelId: questionMessage.channelId,
    authorId: sam.discordId,
    content,
    replyTo: questionMessage.id,
  });
  gateway(client, "MESSAGE_CREATE", reply);
  return { client, db, questionMessage, reply };
}

describe("replying to the question", () => {
  it("counts as an answer, acknowledged with a reaction", async () => {
    const { db, questionMessage, reply } = await samReplies();
    await until(() => reactions.length === 1);
    expect(reactions[0]).toBe(`${questionMessage.channelId}/${reply.id}/✅`);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
  });

  it("edits the answer when the reply that gave it is edited in Discord", async () => {
    const { client, db, reply } = await samReplies();
    await until(() => reactions.length === 1);
    gateway(client, "MESSAGE_UPDATE", {
      ...reply,
      content: "Lisbon, and the night train to Porto",
      edited_timestamp: new Date(Date.now() + 1000).toISOString(),
    });
    await until(() => latestQuestion(db)?.answers[0]?.response === "Lisbon, and the night train to Porto");
    expect(latestQuestion(db)?.answers).toHaveLength(1);
  });

  it("takes a reply in the question's thread as an answer, and its edit as the answer's edit", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!;
    // Sam opens a thread on the question (a thread made from a message has that message's id)...
    gateway(client, "THREAD_CREATE", {
      id: questionMessage.id,
      guild_id: GUILD_ID,
      parent_id: QUESTIONS_CHANNEL,
      type: 11,
      name: "Favourite trip?",
      owner_id: sam.discordId,
      thread_metadata: {
        archived: false,
        auto_archive_duration: 1440,
        archive_timestamp: new Date().toISOString(),
        locked: false,
      },
      newly_created: true,
    });
    // ...and replies there to the question it opens with (the reference names it in its channel).
    const reply = {
      ...message({
        channelId: questionMessage.id,
        authorId: sam.discordId,
        content: "Lisbon",
        replyTo: questionMessage.id,
      }),
      message_reference: { message_id: questionMessage.id, channel_id: QUESTIONS_CHANNEL, guild_id: GUILD_ID },
    };
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => reactions.length === 1);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
    gateway(client, "MESSAGE_UPDATE", {
      ...reply,
      content: "Lisbon, and the night train to Porto",
      edited_timestamp: new Date(Date.now() + 1000).toISOString(),
    });
    await until(() => latestQuestion(db)?.answers[0]?.response === "Lisbon, and the night train to Porto");
  });

  it("keeps an answer changed since on the web through a pin, a link's preview or an older edit of the reply", async () => {
    const { client, db, questionMessage, reply } = await samReplies();
    await until(() => reactions.length === 1);
    const editedBefore = new Date(Date.now() - 60_000).toISOString();
    // Sam changes the answer on the web afterwards.
    const samId = (db.$client.prepare("SELECT id FROM users WHERE discord_id = ?").get(sam.discordId) as { id: number })
      .id;
    const questionId = latestQuestion(db)!.id;
    answerQuestion(db, { userId: samId, questionId, response: "Kyoto" }, demoCouple.economy);

    gateway(client, "MESSAGE_UPDATE", { ...reply, pinned: true });
    gateway(client, "MESSAGE_UPDATE", { ...reply, embeds: [{ type: "link", url: "https://example.org/lisbon" }] });
    gateway(client, "MESSAGE_UPDATE", { ...reply, content: "Lisbon!", edited_timestamp: editedBefore });
    // Alex's reply after them, once acknowledged, shows every update before it was handled.
    const alexReply = message({
      channelId: questionMessage.channelId,
      authorId: alex.discordId,
      content: "Porto",
      replyTo: questionMessage.id,
    });
    gateway(client, "MESSAGE_CREATE", alexReply);
    await until(() => reactions.length === 2);
    expect(latestQuestion(db)?.answers.find((a) => a.username === "sam_r")?.response).toBe("Kyoto");

    // An edit made in Discord after the web's answer is the newest word: it is taken.
    gateway(client, "MESSAGE_UPDATE", {
      ...reply,
      content: "Lisbon after all",
      edited_timestamp: new Date(Date.now() + 1000).toISOString(),
    });
    await until(() => latestQuestion(db)?.answers.find((a) => a.username === "sam_r")?.response === "Lisbon after all");
  });

  it("does not take a forward of the question's post as a reply to it: no answer, no note", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const question = message({
      id: posted[0]!.id,
      channelId: QUESTIONS_CHANNEL,
      authorId: alex.discordId,
      content: "",
    });
    const shared = forward({ channelId: QUESTIONS_CHANNEL, authorId: sam.discordId, of: question });
    gateway(client, "MESSAGE_CREATE", shared);
    await until(() => isMessageHandled(db, QUESTIONS_CHANNEL, shared.id));
    expect(latestQuestion(db)?.answers).toEqual([]);
    expect(reactions).toEqual([]);
    expect(posted).toHaveLength(1);
  });

  it("says ✅ once an edit makes a reply refused as too long the answer", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const question = posted[0]!;
    const reply = message({
      channelId: QUESTIONS_CHANNEL,
      authorId: sam.discordId,
      content: "x".repeat(301),
      replyTo: question.id,
    });
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => posted.length === 2);
    expect(posted[1]?.body.content).toContain("response: must be at most 300 characters");
    gateway(client, "MESSAGE_UPDATE", {
      ...reply,
      content: "Lisbon",
      edited_timestamp: new Date(Date.now() + 1000).toISOString(),
    });
    await until(() => reactions.length === 1);
    expect(reactions).toEqual([`${QUESTIONS_CHANNEL}/${reply.id}/✅`]);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
  });

  it("takes a reply to the question as the answer, and its edit as the answer's edit, when questions are asked in the memories channel", async () => {
    const { client, db } = botOnTempDb({
      ...testConfig,
      discord: { ...testConfig.discord, questionsChannelId: MEMORIES_CHANNEL },
    });
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const question = posted[0]!;
    expect([question.channelId, question.body.content]).toEqual([
      MEMORIES_CHANNEL,
      expect.stringContaining("reply to this message"),
    ]);
    const reply = message({
      channelId: MEMORIES_CHANNEL,
      authorId: sam.discordId,
      content: "Lisbon",
      replyTo: question.id,
    });
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => reactions.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${reply.id}/✅`]);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
    gateway(client, "MESSAGE_UPDATE", {
      ...reply,
      content: "Lisbon, and the night train",
      edited_timestamp: new Date(Date.now() + 1000).toISOString(),
    });
    await until(() => latestQuestion(db)?.answers[0]?.response === "Lisbon, and the night train");
    // A post there that replies to no question is still a memory.
    gateway(
      client,
      "MESSAGE_CREATE",
      message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "Sunset walk", replyTo: reply.id }),
    );
    await until(() => listMemories(db).length === 1);
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["Sunset walk"]);
  });

  it("does not take a public reply as an answer while answers are sealed, and says to use /answer", async () => {
    const { db, questionMessage, reply } = await samReplies({
      ...testConfig,
      questions: { revealAfterBothAnswered: true },
    });
    await until(() => reactions.length === 1 && posted.length === 2);
    expect(reactions[0]).toBe(`${questionMessage.channelId}/${reply.id}/🤫`);
    expect(posted[1]?.body.content).toBe(SEALED_NOTE);
    expect(latestQuestion(db)?.answers).toEqual([]);
  });
});
