import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { exportArchive } from "@spankbank/db/archive";
import { importArchiveFile } from "@spankbank/db/archiveImport";
import type { Db } from "@spankbank/db/client";
import { openDb } from "@spankbank/db/client";
import { userByDiscordId } from "@spankbank/db/couple";
import { isMessageHandled } from "@spankbank/db/discordCursors";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory, deleteMemories, listMemories } from "@spankbank/db/memories";
import { purgeTrash, restoreMemories, trashPage } from "@spankbank/db/memoryTrash";
import {
  dailyQuestionToPost,
  giveAnswer,
  latestQuestion,
  questionById,
  seedQuestionBank,
} from "@spankbank/db/questions";
import { coupleStreak } from "@spankbank/db/streak";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { Events, SnowflakeUtil } from "discord.js";
import type { APIMessage, APIPublicThreadChannel } from "discord-api-types/v10";
import { HttpResponse, http } from "msw";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { postQuestion } from "../questions/post.js";
import {
  askQuestion,
  attachment,
  botOn,
  botOnTempDb,
  discord,
  downloads,
  failNextHistoryReads,
  failNextReactions,
  forward,
  GUILD_ID,
  gateway,
  history,
  holdDownload,
  MEMORIES_CHANNEL,
  message,
  openThread,
  posted,
  QUESTIONS_CHANNEL,
  reactions,
  STRANGER_ID,
  snowflake,
  testConfig,
  until,
} from "../test/discord.js";
import { drain } from "../workInProgress.js";
import { catchUp, keepCatchingUp } from "./catchUp.js";
import { SEALED_NOTE } from "./messages.js";

const [alex, sam] = demoCouple.partners;

/** A message posted in a channel: in its history, whether or not the bot hears of it. */
function post(channelId: string, fields: Omit<Parameters<typeof message>[0], "channelId">) {
  const sent = message({ ...fields, channelId });
  history.set(channelId, [...(history.get(channelId) ?? []), sent]);
  return sent;
}

/** A message changed in its channel's history while the bot is stopped (no event reaches it), edited at `editedAt`. */
function editWhileStopped(sent: APIMessage, change: Partial<APIMessage>, editedAt = new Date().toISOString()) {
  const messages = history.get(sent.channel_id)!;
  messages[messages.findIndex((m) => m.id === sent.id)] = { ...sent, ...change, edited_timestamp: editedAt };
}

/** A reply in a thread to the question it was opened on (the reference names the question in its own channel). */
function replyInThread(thread: APIPublicThreadChannel, question: { id: string }, authorId: string, content: string) {
  return {
    ...post(thread.id, { authorId, content, replyTo: question.id }),
    message_reference: { message_id: question.id, channel_id: thread.parent_id!, guild_id: GUILD_ID },
  };
}

/** The bot back, catching up with its log kept quiet: what it logged, each call's arguments. */
async function catchUpQuietly(
  context: Parameters<typeof keepCatchingUp>[1],
  client = botOn(context),
): Promise<unknown[][]> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    await keepCatchingUp(client, context, [0]);
    return [...log.mock.calls];
  } finally {
    log.mockRestore();
  }
}

/**
 * The bot back, catching up, while Discord holds its read-back at `route` (what `read` answers, as
 * Discord read it when asked) until `edited`, an edit of that message made meanwhile, was heard live
 * and `heard` says so: then the older read arrives. Resolves once the catch-up is done.
 */
async function editedLiveDuringReadBack(
  context: Parameters<typeof keepCatchingUp>[1],
  {
    route,
    read,
    edited,
    heard,
  }: { route: string; read: (request: Request) => unknown; edited: APIMessage; heard: () => boolean },
): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  discord.use(
    http.get(route, async ({ request }) => {
      const asRead = read(request);
      if (asRead === undefined) return;
      asked = true;
      await held;
      return HttpResponse.json(asRead as never);
    }),
  );
  const started = botOn(context);
  const caughtUp = catchUpQuietly(context, started);
  await until(() => asked);
  const messages = history.get(edited.channel_id)!;
  messages[messages.findIndex((m) => m.id === edited.id)] = edited;
  gateway(started, "MESSAGE_UPDATE", edited);
  await until(heard);
  release();
  await caughtUp;
}

/** The words of every memory on the board, in alphabetical order. */
const memoryTexts = (db: Db) =>
  listMemories(db)
    .map((m) => m.message)
    .sort();

describe("catching up after the bot was not listening", () => {
  it("makes every memory posted while it was away, page by page, each once, and nothing twice on the next session", async () => {
    const { client, db, context } = botOnTempDb();
    // The first start found the channel empty; then a message was heard live before the bot stopped.
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    const heard = post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "Heard live" });
    gateway(client, "MESSAGE_CREATE", heard);
    await until(() => isMessageHandled(db, MEMORIES_CHANNEL, heard.id));
    // While away: three memories among 150 other messages (two pages of Discord's 100).
    post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Away one" });
    for (let i = 0; i < 75; i++) post(MEMORIES_CHANNEL, { authorId: STRANGER_ID, content: `chatter ${i}` });
    post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "Away two" });
    for (let i = 0; i < 75; i++) post(MEMORIES_CHANNEL, { authorId: STRANGER_ID, content: `chatter ${i}` });
    post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Away three" });

    expect(await catchUp(client, context)).toEqual({ read: 153, done: true, failed: false });
    expect(memoryTexts(db)).toEqual(["Away one", "Away three", "Away two", "Heard live"]);
    expect(reactions.filter((r) => r.endsWith("💞"))).toHaveLength(4);

    // The next session reads from the last message: nothing new, nothing made twice.
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    expect(listMemories(db)).toHaveLength(4);
    expect(reactions).toHaveLength(4);
  });

  it("with no message seen yet, reads the latest page and says so; a memory already made is not made again", async () => {
    const { client, db, context } = botOnTempDb();
    const live = post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "Before the cursor existed" });
    gateway(client, "MESSAGE_CREATE", live);
    await until(() => isMessageHandled(db, MEMORIES_CHANNEL, live.id));
    db.$client.exec("DELETE FROM discord_cursors; DELETE FROM discord_handled_messages");
    post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Missed" });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await catchUp(client, context)).toEqual({ read: 2, done: true, failed: false });
      expect(log).toHaveBeenCalledWith(
        `First start in channel ${MEMORIES_CHANNEL}: reading its latest 100 messages (a partner's become memories or answers; see README, 'The Discord bot').`,
      );
    } finally {
      log.mockRestore();
    }
    expect(memoryTexts(db)).toEqual(["Before the cursor existed", "Missed"]);
  });

  it("takes the replies to the question posted while it was away as answers, once", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!;
    expect(questionMessage.channelId).toBe(QUESTIONS_CHANNEL);
    const reply = post(QUESTIONS_CHANNEL, { authorId: sam.discordId, content: "Lisbon", replyTo: questionMessage.id });
    await catchUp(client, context);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
    expect(reactions).toEqual([`${QUESTIONS_CHANNEL}/${reply.id}/✅`]);
    await catchUp(client, context);
    db.$client.exec("DELETE FROM discord_cursors; DELETE FROM discord_handled_messages");
    // Even read again from scratch, the same reply changes nothing and is not acknowledged twice.
    await catchUp(client, context);
    expect(reactions).toHaveLength(1);
    const events = db.$client.prepare("SELECT kind FROM outbox WHERE kind = 'answer_given'").all();
    expect(events).toHaveLength(1);
  });

  it("never gives a reply's answer again once taken, even when its ✅ failed: the newer answer stays", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionId = latestQuestion(db)!.id;
    // The reply is taken, but its ✅ is refused (the bot lost Add Reactions for a moment).
    failNextReactions.push(403);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const reply = post(QUESTIONS_CHANNEL, { authorId: sam.discordId, content: "Lisbon", replyTo: posted[0]!.id });
      gateway(client, "MESSAGE_CREATE", reply);
      await until(() => errors.mock.calls.length > 0);
    } finally {
      errors.mockRestore();
    }
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
    // Sam changes their answer (with /answer, or on the web), then the bot is restarted.
    const samId = userByDiscordId(db, sam.discordId)!.id;
    giveAnswer(db, { userId: samId, questionId, response: "Porto, now that I think of it" }, testConfig.economy);
    await catchUp(botOn(context), context);
    expect(latestQuestion(db)?.answers).toMatchObject([
      { username: "sam_r", response: "Porto, now that I think of it" },
    ]);
  });

  it("keeps an answer written on the web after a reply it had not heard: the older reply changes nothing", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionId = latestQuestion(db)!.id;
    // 10:00, the bot stopped: Sam replies in Discord, and no ✅ comes.
    const repliedAt = Date.now() - 10 * 60_000;
    const reply = post(QUESTIONS_CHANNEL, {
      id: SnowflakeUtil.generate({ timestamp: repliedAt }).toString(),
      authorId: sam.discordId,
      content: "Lisbon",
      replyTo: posted[0]!.id,
    });
    // 10:05: Sam writes the answer on the web instead.
    const samId = userByDiscordId(db, sam.discordId)!.id;
    const web = {
      userId: samId,
      questionId,
      response: "Porto, the night of the fado bar",
      now: new Date(repliedAt + 5 * 60_000),
    };
    giveAnswer(db, web, testConfig.economy);
    // 10:10: the bot starts again and reads what it missed.
    await catchUp(botOn(context), context);
    expect(latestQuestion(db)?.answers).toMatchObject([
      { username: "sam_r", response: "Porto, the night of the fado bar" },
    ]);
    expect(reactions).not.toContain(`${QUESTIONS_CHANNEL}/${reply.id}/✅`);
    expect(isMessageHandled(db, QUESTIONS_CHANNEL, reply.id)).toBe(true);
  });

  it("takes the later of two replies a partner posted while it was away", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const minutesAgo = (minutes: number) =>
      SnowflakeUtil.generate({ timestamp: Date.now() - minutes * 60_000 }).toString();
    post(QUESTIONS_CHANNEL, { id: minutesAgo(10), authorId: sam.discordId, content: "Lisbon", replyTo: posted[0]!.id });
    const later = post(QUESTIONS_CHANNEL, {
      id: minutesAgo(5),
      authorId: sam.discordId,
      content: "No, Porto",
      replyTo: posted[0]!.id,
    });
    await catchUp(botOn(context), context);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "No, Porto" }]);
    expect(reactions).toContain(`${QUESTIONS_CHANNEL}/${later.id}/✅`);
  });

  it.each([
    ["open", false],
    ["archived since", true],
  ])(
    "takes a reply written in the question's thread while it was away (the thread %s) as an answer, once",
    async (_, archived) => {
      const { client, db, context } = botOnTempDb();
      await askQuestion(client, db, "Favourite trip?", alex.discordId);
      const questionMessage = posted[0]!;
      // The bot is stopped: Sam opens a thread on the question and replies there to it; the thread may go quiet and archive.
      const thread = openThread(questionMessage, { ownerId: sam.discordId, name: "Favourite trip?" });
      const reply = replyInThread(thread, questionMessage, sam.discordId, "Lisbon");
      if (archived)
        thread.thread_metadata = { ...thread.thread_metadata!, archived, archive_timestamp: new Date().toISOString() };
      await catchUpQuietly(context);
      expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
      expect(reactions).toEqual([`${thread.id}/${reply.id}/✅`]);
      // The next start reads the thread on from where it stopped: nothing is given twice.
      expect(await catchUp(botOn(context), context)).toEqual({ read: 0, done: true, failed: false });
      expect(reactions).toHaveLength(1);
      const events = db.$client.prepare("SELECT kind FROM outbox WHERE kind = 'answer_given'").all();
      expect(events).toHaveLength(1);
    },
  );

  it("does not say twice that a reply in the question's thread was not taken while answers are sealed", async () => {
    const { client, db, context } = botOnTempDb({ ...testConfig, questions: { revealAfterBothAnswered: true } });
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!;
    const thread = openThread(questionMessage, { ownerId: sam.discordId, name: "Favourite trip?" });
    gateway(client, "THREAD_CREATE", { ...thread, newly_created: true });
    gateway(client, "MESSAGE_CREATE", replyInThread(thread, questionMessage, sam.discordId, "Lisbon"));
    await until(() => posted.length === 2);
    expect(posted[1]?.body.content).toBe(SEALED_NOTE);
    // The bot restarts: the reply it answered live is passed over.
    await catchUpQuietly(context);
    expect(posted).toHaveLength(2);
    expect(reactions).toHaveLength(1);
  });

  it("applies an edit of a reply in the question's thread made in Discord while it was stopped", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!;
    const thread = openThread(questionMessage, { ownerId: sam.discordId, name: "Favourite trip?" });
    gateway(client, "THREAD_CREATE", { ...thread, newly_created: true });
    const reply = replyInThread(thread, questionMessage, sam.discordId, "Lisbon");
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => reactions.length === 1);
    // The bot is stopped; Sam edits the reply.
    editWhileStopped(reply, { content: "Lisbon, and the night train to Porto" });
    expect(await catchUpQuietly(context)).toContainEqual([
      "Applied 1 edit(s) or deletion(s) made in Discord while the bot was away.",
    ]);
    expect(latestQuestion(db)?.answers).toMatchObject([
      { username: "sam_r", response: "Lisbon, and the night train to Porto" },
    ]);
  });

  it("does not read a thread archived before the days it reads back, nor one opened on anything but a question", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!;
    const longAgo = openThread(questionMessage, {
      ownerId: sam.discordId,
      name: "Favourite trip?",
      archivedAt: new Date(Date.now() - 30 * 24 * 60 * 60_000),
    });
    const chat = post(QUESTIONS_CHANNEL, { authorId: alex.discordId, content: "Dinner at eight?" });
    const chatThread = openThread(
      { id: chat.id, channelId: QUESTIONS_CHANNEL },
      { ownerId: sam.discordId, name: "Dinner" },
    );
    // The channels whose history the bot reads (a handler that answers nothing hands on to the stand-in's).
    const reads: string[] = [];
    discord.use(
      http.get("https://discord.com/api/v10/channels/:channel/messages", ({ params }) => {
        reads.push(String(params.channel));
      }),
    );
    await catchUpQuietly(context);
    expect(reads).not.toContain(longAgo.id);
    expect(reads).not.toContain(chatThread.id);
    expect(reads).toContain(QUESTIONS_CHANNEL);
  });

  it("applies an edit and a deletion made in Discord while it was stopped to the recent memories, and nothing older", async () => {
    const { client, db, context } = botOnTempDb();
    // Posted today (a message's time is in its id): within the days read again.
    const today = () => SnowflakeUtil.generate().toString();
    const kept = post(MEMORIES_CHANNEL, { id: today(), authorId: sam.discordId, content: "Fist pancake" });
    const deleted = post(MEMORIES_CHANNEL, { id: today(), authorId: alex.discordId, content: "Wrong chat, sorry" });
    for (const sent of [kept, deleted]) gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 2);
    // A memory from long ago whose message is gone too: past the days read again, it stays.
    addMemory(db, {
      userId: userByDiscordId(db, alex.discordId)!.id,
      message: "Our first trip",
      discordMessageId: "900000000000000999",
      discordUrl: `https://discord.com/channels/${GUILD_ID}/${MEMORIES_CHANNEL}/900000000000000999`,
      createdAt: new Date("2020-01-01T10:00:00Z"),
    });

    // While the bot is stopped, one message is edited and the other deleted: no event reaches it.
    editWhileStopped(kept, { content: "First pancake" }, "2026-05-01T10:05:00.000Z");
    const messages = history.get(MEMORIES_CHANNEL)!;
    messages.splice(
      messages.findIndex((m) => m.id === deleted.id),
      1,
    );
    expect(await catchUpQuietly(context)).toContainEqual([
      "Applied 2 edit(s) or deletion(s) made in Discord while the bot was away.",
    ]);
    expect(memoryTexts(db)).toEqual(["First pancake", "Our first trip"]);
  });

  it("makes a memory of a post it refused that was edited into one while it was stopped, with its 💞", async () => {
    const { client, db, context } = botOnTempDb();
    // Alex has Nitro: Discord took 2,400 characters, a memory keeps 2,000.
    const sent = post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "We danced ".repeat(240) });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => posted.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`]);
    // While the bot is stopped, Alex cuts it down: no event reaches it.
    editWhileStopped(sent, { content: "We danced all night" });
    expect(await catchUpQuietly(context)).toContainEqual([
      "Applied 1 edit(s) or deletion(s) made in Discord while the bot was away.",
    ]);
    expect(memoryTexts(db)).toEqual(["We danced all night"]);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`, `${MEMORIES_CHANNEL}/${sent.id}/💞`]);
    expect(posted).toHaveLength(1);
    // The next start makes it no second time.
    await catchUpQuietly(context);
    expect(memoryTexts(db)).toEqual(["We danced all night"]);
  });

  it("takes a photo removed from a memory's message while it was stopped off the memory", async () => {
    const { client, db, context } = botOnTempDb();
    const keep = attachment("us.png", "image/png", 4096);
    const wrong = attachment("not-for-here.png", "image/png", 5000);
    const sent = post(MEMORIES_CHANNEL, {
      id: SnowflakeUtil.generate().toString(),
      authorId: alex.discordId,
      content: "Beach day",
      attachments: [keep, wrong],
    });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 1);
    // While the bot is stopped, Alex takes the wrong photo out of the message: no event reaches it.
    editWhileStopped(sent, { attachments: [keep] });
    expect(await catchUpQuietly(context)).toContainEqual([
      "Applied 1 edit(s) or deletion(s) made in Discord while the bot was away.",
    ]);
    expect(db.$client.prepare("SELECT size FROM memory_images").all()).toEqual([{ size: 4096 }]);
    expect(memoryTexts(db)).toEqual(["Beach day"]);
  });

  it("makes a memory of a photo forwarded while it was away, and keeps its words and photo at every start's read-back", async () => {
    const { client, db, context } = botOnTempDb();
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    const photo = attachment("cabin.jpg", "image/jpeg", 4096);
    const chat = message({ authorId: STRANGER_ID, content: "The cabin!", attachments: [photo] });
    // Heard live, then the bot stops; while it is away, Alex forwards a second one.
    const heard = forward({ id: snowflake(), channelId: MEMORIES_CHANNEL, authorId: sam.discordId, of: chat });
    history.set(MEMORIES_CHANNEL, [heard]);
    gateway(client, "MESSAGE_CREATE", heard);
    await until(() => reactions.length === 1);
    const lake = attachment("lake.png", "image/png", 2048);
    const away = forward({
      id: snowflake(),
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      of: message({ authorId: sam.discordId, content: "", attachments: [lake] }),
    });
    history.get(MEMORIES_CHANNEL)!.push(away);

    const logged = await catchUpQuietly(context);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${heard.id}/💞`, `${MEMORIES_CHANNEL}/${away.id}/💞`]);
    expect(listMemories(db)).toMatchObject([
      { message: "", username: alex.responseName },
      { message: "The cabin!", username: sam.responseName },
    ]);
    // Read back at that start and the next: a forward's words and photo are its snapshot's, not taken away.
    logged.push(...(await catchUpQuietly(context)));
    expect(logged.filter(([line]) => String(line).startsWith("Applied"))).toEqual([]);
    expect(memoryTexts(db)).toEqual(["", "The cabin!"]);
    expect(db.$client.prepare("SELECT size FROM memory_images ORDER BY id").all()).toEqual([
      { size: 4096 },
      { size: 2048 },
    ]);
  });

  it("reads on past ten refused files with long names, saying so in one Discord message", async () => {
    const { client, db, context } = botOnTempDb();
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    // While the bot is away: Alex posts ten files too big to keep, each with a long name, and no words.
    const names = Array.from({ length: 10 }, (_, i) => `${String(i).repeat(3)}-${"holiday-".repeat(30)}.png`);
    const huge = names.map((name) => attachment(name, "image/png", 20 * 1024 * 1024, false));
    post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "", attachments: huge });
    expect(await catchUp(botOn(context), context)).toEqual({ read: 1, done: true, failed: false });
    expect(posted).toHaveLength(1);
    expect(listMemories(db)).toEqual([]);
  });

  it("leaves on the board a memory brought back from the trash after its Discord message was deleted, restart after restart", async () => {
    const { client, db, context } = botOnTempDb();
    const sent = post(MEMORIES_CHANNEL, {
      id: SnowflakeUtil.generate().toString(),
      authorId: alex.discordId,
      content: "Our first kiss",
    });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 1);
    // Alex tidies the channel: the message goes, and its memory to the trash.
    const messages = history.get(MEMORIES_CHANNEL)!;
    messages.splice(messages.indexOf(sent), 1);
    gateway(client, "MESSAGE_DELETE", { id: sent.id, channel_id: MEMORIES_CHANNEL, guild_id: GUILD_ID });
    await until(() => listMemories(db).length === 0);
    // Then Sam brings it back on purpose from the web's trash.
    const [trashed] = trashPage(db, 1, 10).memories;
    expect(restoreMemories(db, [trashed!.id])).toBe(1);
    // The bot restarts twice (an update, a reboot), and Discord says the delete once more.
    await catchUpQuietly(context);
    gateway(client, "MESSAGE_DELETE", { id: sent.id, channel_id: MEMORIES_CHANNEL, guild_id: GUILD_ID });
    await catchUpQuietly(context);
    expect(memoryTexts(db)).toEqual(["Our first kiss"]);
  });

  it("keeps an edit made in Discord while it was stopped to a memory in the web's trash, for its restore", async () => {
    const { client, db, context } = botOnTempDb();
    const today = () => SnowflakeUtil.generate().toString();
    const sent = post(MEMORIES_CHANNEL, { id: today(), authorId: sam.discordId, content: "Fist pancake" });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 1);
    // Alex puts it in the trash on the web; then, the bot stopped, Sam fixes the typo in Discord.
    const memoryId = listMemories(db)[0]!.id;
    deleteMemories(db, [memoryId]);
    editWhileStopped(sent, { content: "First pancake" });
    expect(await catchUpQuietly(context)).toContainEqual([
      "Applied 1 edit(s) or deletion(s) made in Discord while the bot was away.",
    ]);
    // Still in the trash; restored, it has the words Sam wrote last.
    expect(memoryTexts(db)).toEqual([]);
    expect(restoreMemories(db, [memoryId])).toBe(1);
    expect(memoryTexts(db)).toEqual(["First pancake"]);
  });

  it("keeps a memory's words edited live while its message was being read again, over the older words read", async () => {
    const { client, db, context } = botOnTempDb();
    const sent = post(MEMORIES_CHANNEL, { id: snowflake(), authorId: sam.discordId, content: "Fist pancake" });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => reactions.length === 1);
    // While the bot is stopped, Sam fixes the typo: the check at the next start has this edit to apply.
    editWhileStopped(sent, { content: "First pancake" }, new Date(Date.now() - 60_000).toISOString());
    // Discord reads the message as it is when asked, and its answer is slow to come back; meanwhile
    // Sam edits it again, and the bot hears that edit live.
    await editedLiveDuringReadBack(context, {
      route: `https://discord.com/api/v10/channels/${MEMORIES_CHANNEL}/messages/${sent.id}`,
      read: () => history.get(MEMORIES_CHANNEL)!.find((m) => m.id === sent.id),
      edited: { ...sent, content: "First pancake, with syrup", edited_timestamp: new Date().toISOString() },
      heard: () => memoryTexts(db)[0] === "First pancake, with syrup",
    });
    expect(memoryTexts(db)).toEqual(["First pancake, with syrup"]);
  });

  it("applies an edit of a reply taken as an answer, made in Discord while it was stopped; an older edit leaves a newer answer", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionId = latestQuestion(db)!.id;
    const samReply = post(QUESTIONS_CHANNEL, { authorId: sam.discordId, content: "Lisbon", replyTo: posted[0]!.id });
    const alexReply = post(QUESTIONS_CHANNEL, { authorId: alex.discordId, content: "Rome", replyTo: posted[0]!.id });
    gateway(client, "MESSAGE_CREATE", samReply);
    gateway(client, "MESSAGE_CREATE", alexReply);
    await until(() => reactions.length === 2);
    // Alex then changes the answer on the web.
    const alexId = userByDiscordId(db, alex.discordId)!.id;
    giveAnswer(db, { userId: alexId, questionId, response: "Rome, then Naples" }, testConfig.economy);
    // The bot is stopped. Sam edits the reply; Alex edits theirs too, but that edit is older than the web answer.
    const messages = history.get(QUESTIONS_CHANNEL)!;
    const edited = (reply: typeof samReply, content: string, at: number) => {
      messages[messages.indexOf(reply)] = { ...reply, content, edited_timestamp: new Date(at).toISOString() };
    };
    edited(samReply, "Lisbon, and the night train to Porto", Date.now());
    edited(alexReply, "Rome!", Date.now() - 60 * 60_000);
    expect(await catchUpQuietly(context)).toContainEqual([
      "Applied 1 edit(s) or deletion(s) made in Discord while the bot was away.",
    ]);
    expect(latestQuestion(db)?.answers).toMatchObject([
      { username: "alex_d", response: "Rome, then Naples" },
      { username: "sam_r", response: "Lisbon, and the night train to Porto" },
    ]);
  });

  it("keeps an answer edited live while the replies were being read again, over the older edit read", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const reply = post(QUESTIONS_CHANNEL, { authorId: sam.discordId, content: "Lisbon", replyTo: posted[0]!.id });
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => reactions.length === 1);
    // Caught up once: the next start reads the channels after what it read (`after`).
    await catchUp(client, context);
    // While the bot is stopped, Sam edits the reply.
    const messages = history.get(QUESTIONS_CHANNEL)!;
    messages[messages.indexOf(reply)] = {
      ...reply,
      content: "Lisbon!",
      edited_timestamp: new Date(Date.now() - 60_000).toISOString(),
    };
    // The replies read back (the latest page, no `after`): Discord reads them when asked, and answers
    // slowly; meanwhile Sam edits it again, and the bot hears that edit live.
    await editedLiveDuringReadBack(context, {
      route: `https://discord.com/api/v10/channels/${QUESTIONS_CHANNEL}/messages`,
      read: (request) =>
        new URL(request.url).searchParams.has("after") ? undefined : [...history.get(QUESTIONS_CHANNEL)!].reverse(),
      edited: { ...reply, content: "Lisbon, and Porto", edited_timestamp: new Date().toISOString() },
      heard: () => latestQuestion(db)?.answers[0]?.response === "Lisbon, and Porto",
    });
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon, and Porto" }]);
  });

  it("of two replies edited while it was stopped, takes the later edit", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const minutesAgo = (minutes: number) =>
      SnowflakeUtil.generate({ timestamp: Date.now() - minutes * 60_000 }).toString();
    const first = post(QUESTIONS_CHANNEL, {
      id: minutesAgo(30),
      authorId: sam.discordId,
      content: "Lisbon",
      replyTo: posted[0]!.id,
    });
    const second = post(QUESTIONS_CHANNEL, {
      id: minutesAgo(29),
      authorId: sam.discordId,
      content: "Porto",
      replyTo: posted[0]!.id,
    });
    gateway(client, "MESSAGE_CREATE", first);
    await until(() => reactions.length === 1);
    gateway(client, "MESSAGE_CREATE", second);
    await until(() => reactions.length === 2);
    expect(latestQuestion(db)?.answers).toMatchObject([{ response: "Porto" }]);
    // Stopped: Sam edits the first reply 10 minutes ago, then the second 5 minutes ago.
    const messages = history.get(QUESTIONS_CHANNEL)!;
    messages[messages.indexOf(first)] = {
      ...first,
      content: "Lisbon!",
      edited_timestamp: new Date(Date.now() - 10 * 60_000).toISOString(),
    };
    messages[messages.indexOf(second)] = {
      ...second,
      content: "Porto, final",
      edited_timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    };
    await catchUpQuietly(context);
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Porto, final" }]);
  });

  it("a message heard live before the catch-up read older ones does not make a restart skip them", async () => {
    const { client, db, context } = botOnTempDb();
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    gateway(client, "MESSAGE_CREATE", post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "Before the stop" }));
    await until(() => reactions.length === 1);
    // While the bot is stopped: 40 memories, every other one with a photo.
    const away = Array.from({ length: 40 }, (_, i) =>
      post(MEMORIES_CHANNEL, {
        authorId: (i % 2 ? alex : sam).discordId,
        content: `Away ${i}`,
        attachments: i % 2 ? [] : [attachment(`away-${i}.png`, "image/png", 512)],
      }),
    );
    // It starts again and hears a new message before its catch-up read them; then it is restarted.
    const started = botOn(context);
    const live = post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Live after the start" });
    gateway(started, "MESSAGE_CREATE", live);
    await until(() => reactions.includes(`${MEMORIES_CHANNEL}/${live.id}/💞`));
    await catchUp(botOn(context), context);
    expect(memoryTexts(db)).toEqual(["Before the stop", "Live after the start", ...away.map((m) => m.content)].sort());
    expect(db.$client.prepare("SELECT count(DISTINCT memory_id) AS n FROM memory_images").get()).toEqual({ n: 20 });
    expect(new Set(reactions).size).toBe(42);
    expect(reactions).toHaveLength(42);
  });

  it("reads on past a message whose 🚫 Discord refuses for good (the bot lost Add Reactions there), and applies the edits made while it was away", async () => {
    const { client, db, context } = botOnTempDb();
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    const kept = post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Fist pancake" });
    gateway(client, "MESSAGE_CREATE", kept);
    await until(() => reactions.length === 1);
    // The couple takes Add Reactions from the bot in the memories channel.
    discord.use(
      http.put(`https://discord.com/api/v10/channels/${MEMORIES_CHANNEL}/messages/:message/reactions/:emoji/@me`, () =>
        HttpResponse.json({ message: "Missing Permissions", code: 50013 }, { status: 403 }),
      ),
    );
    // While the bot is stopped: Alex posts a sticker alone (no memory: the bot says why), and Sam fixes the typo.
    const sticker = {
      ...message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "" }),
      sticker_items: [{ id: "749054660769218631", name: "Wave", format_type: 1 }],
    };
    const messages = history.get(MEMORIES_CHANNEL)!;
    messages.push(sticker);
    messages[messages.indexOf(kept)] = {
      ...kept,
      content: "First pancake",
      edited_timestamp: new Date().toISOString(),
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await catchUp(botOn(context), context)).toEqual({ read: 1, done: true, failed: false });
      expect(await catchUpQuietly(context)).toContainEqual([
        "Applied 1 edit(s) or deletion(s) made in Discord while the bot was away.",
      ]);
    } finally {
      errors.mockRestore();
    }
    expect(memoryTexts(db)).toEqual(["First pancake"]);
    // Said once, though its 🚫 could not be added.
    expect(posted.map((p) => p.body.content)).toEqual(["message: a memory needs some text"]);
  });

  it("reads on past a reply in a question's thread archived since, whose 🤫 Discord refuses there, answers sealed", async () => {
    const { client, db, context } = botOnTempDb({ ...testConfig, questions: { revealAfterBothAnswered: true } });
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    const questionMessage = posted[0]!;
    // The bot is stopped: Sam replies in a thread opened on the question, which archives after a quiet day.
    const thread = openThread(questionMessage, {
      ownerId: sam.discordId,
      name: "Favourite trip?",
      archivedAt: new Date(),
    });
    replyInThread(thread, questionMessage, sam.discordId, "Lisbon");
    // Discord refuses a reaction in an archived thread.
    discord.use(
      http.put(`https://discord.com/api/v10/channels/${thread.id}/messages/:message/reactions/:emoji/@me`, () =>
        HttpResponse.json({ message: "Thread is archived", code: 50083 }, { status: 400 }),
      ),
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await catchUp(botOn(context), context)).toEqual({ read: 2, done: true, failed: false });
      expect(await catchUp(botOn(context), context)).toEqual({ read: 0, done: true, failed: false });
    } finally {
      errors.mockRestore();
    }
    expect(posted.map((p) => p.body.content).slice(1)).toEqual([SEALED_NOTE]);
  });

  it("applies the edits made while it was away though Discord keeps the questions channel closed to it, and reads that channel once it opens", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Favourite trip?", alex.discordId);
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    const kept = post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Fist pancake" });
    gateway(client, "MESSAGE_CREATE", kept);
    await until(() => reactions.length === 1);
    // While the bot is stopped: its View Channel is taken away in the questions channel, Sam
    // replies there, and fixes the memory's typo.
    discord.use(
      http.get(`https://discord.com/api/v10/channels/${QUESTIONS_CHANNEL}/messages`, () =>
        HttpResponse.json({ message: "Missing Access", code: 50001 }, { status: 403 }),
      ),
    );
    post(QUESTIONS_CHANNEL, { authorId: sam.discordId, content: "Lisbon", replyTo: posted[0]!.id });
    const messages = history.get(MEMORIES_CHANNEL)!;
    messages[messages.indexOf(kept)] = {
      ...kept,
      content: "First pancake",
      edited_timestamp: new Date().toISOString(),
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const caughtUp = catchUpQuietly(context);
    try {
      await until(() => memoryTexts(db)[0] === "First pancake");
      // The bot's access comes back: the reply written meanwhile is an answer.
      discord.resetHandlers();
      await caughtUp;
    } finally {
      await drain(context, 5000);
      errors.mockRestore();
    }
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Lisbon" }]);
  });

  it.each([
    ["four 500s", 500],
    ["four dropped sockets", "drop"],
  ] as const)(
    "reads the history again while it runs until it succeeds (%s); a message heard meanwhile does not pass the missed one",
    async (_, failure) => {
      const { client, db, context } = botOnTempDb();
      expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
      const missed = post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "Posted while stopped" });
      // The new session's first history reads fail (discord.js tries a 500 again, up to four times in all).
      failNextHistoryReads.push(failure, failure, failure, failure);
      const started = botOn(context);
      started.emit(Events.ShardReady, 0, undefined);
      const heard = post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Heard live" });
      gateway(started, "MESSAGE_CREATE", heard);
      await until(() => [missed, heard].every((m) => isMessageHandled(db, MEMORIES_CHANNEL, m.id)));
      expect(failNextHistoryReads).toEqual([]);
      expect(memoryTexts(db)).toEqual(["Heard live", "Posted while stopped"]);
      // A restart finds nothing left to read.
      expect(await catchUp(botOn(context), context)).toEqual({ read: 0, done: true, failed: false });
    },
  );

  it("does not save a message deleted after the catch-up read it, while an older one was still saving", async () => {
    const { client, db, context } = botOnTempDb();
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    const photo = attachment("slow.png", "image/png", 512);
    const release = holdDownload(photo);
    const older = post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "Slow photo", attachments: [photo] });
    const regretted = post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "Regretted" });
    const caughtUp = catchUp(client, context);
    await until(() => downloads.length === 1);
    gateway(client, "MESSAGE_DELETE", { id: regretted.id, channel_id: MEMORIES_CHANNEL, guild_id: GUILD_ID });
    release();
    expect(await caughtUp).toEqual({ read: 2, done: true, failed: false });
    expect(listMemories(db).map((m) => m.message)).toEqual(["Slow photo"]);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${older.id}/💞`]);
  });
  it("after moving to a new box (export, then import), a memory deleted and purged long ago does not come back at the bot's first start", async () => {
    const { client, db, context } = botOnTempDb();
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    const regret = post(MEMORIES_CHANNEL, { authorId: sam.discordId, content: "A photo Sam regrets" });
    const kept = post(MEMORIES_CHANNEL, { authorId: alex.discordId, content: "Kept forever" });
    for (const sent of [regret, kept]) gateway(client, "MESSAGE_CREATE", sent);
    await until(
      () => isMessageHandled(db, MEMORIES_CHANNEL, kept.id) && isMessageHandled(db, MEMORIES_CHANNEL, regret.id),
    );
    expect(await catchUp(client, context)).toEqual({ read: 0, done: true, failed: false });
    // Sam deletes it on the web; the trash empties for good a month later.
    const gone = listMemories(db).find((m) => m.message === "A photo Sam regrets")!;
    deleteMemories(db, [gone.id]);
    purgeTrash(db, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    expect(memoryTexts(db)).toEqual(["Kept forever"]);

    // The couple move to a new box: npm run export, then npm run import into a fresh database.
    const archive = await exportArchive(db);
    const dir = mkdtempSync(join(tmpdir(), "spankbank-move-"));
    await pipeline(archive.stream, createWriteStream(join(dir, archive.fileName)));
    const moved = openDb(join(dir, "new.db"));
    onTestFinished(() => {
      moved.$client.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await importArchiveFile(moved, join(dir, archive.fileName), testConfig.partners);
    expect(memoryTexts(moved)).toEqual(["Kept forever"]);

    // The bot's first start on the new box.
    const movedContext = { db: moved, config: testConfig, mediaDir: mediaFolder(moved) };
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await catchUp(botOn(movedContext), movedContext);
    } finally {
      log.mockRestore();
    }
    expect(memoryTexts(moved)).toEqual(["Kept forever"]);
  });
});

describe("the streak after days away", () => {
  it("counts a day both answered by replies while the box was off, read after the next daily question was posted", async () => {
    const { client, db, context } = botOnTempDb();
    seedQuestionBank(db, ["Sunday question?", "Monday question?"]);
    const hour = 3_600_000;
    const started = Date.now();
    // Sunday's daily question, posted two days ago; then the box was switched off.
    const sunday = dailyQuestionToPost(db, "2026-03-08", context.config.couple, new Date(started - 48 * hour))!;
    await postQuestion(client, context, sunday, QUESTIONS_CHANNEL, new Date(started - 48 * hour));
    const questionMessage = posted[0]!;
    // Both replied that day in Discord, nobody listening.
    for (const [partner, ago] of [
      [alex, 40],
      [sam, 39],
    ] as const) {
      post(QUESTIONS_CHANNEL, {
        id: SnowflakeUtil.generate({ timestamp: started - ago * hour }).toString(),
        authorId: partner.discordId,
        content: `${partner.username} answers`,
        replyTo: questionMessage.id,
      });
    }
    // The box is back: the bot's start posts Monday's question first (its time has passed), then catches up.
    dailyQuestionToPost(db, "2026-03-09", context.config.couple, new Date(started - 60_000));
    await catchUp(client, context);
    expect(questionById(db, sunday.id)?.answers).toHaveLength(2);
    // Sunday counts: both answered it before Monday's was asked. Monday's, still open, breaks nothing.
    expect(coupleStreak(db)).toMatchObject({ current: 1, best: 1 });
  });
});
