import { readdirSync } from "node:fs";
import { awardSpanks } from "@spankbank/db/awards";
import { isMessageHandled } from "@spankbank/db/discordCursors";
import { balanceOf } from "@spankbank/db/ledger";
import { deleteMemories, listMemories } from "@spankbank/db/memories";
import {
  answerQuestion,
  askNextQuestion,
  latestQuestion,
  questionIdByDiscordMessage,
  seedQuestionBank,
} from "@spankbank/db/questions";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { ApplicationCommandOptionType, PermissionFlagsBits, SnowflakeUtil } from "discord.js";
import { describe, expect, it, vi } from "vitest";
import { commandRegistrations } from "./commands/index.js";
import { NOT_CONFIRMED, NOT_POSTED } from "./commands/question.js";
import { retryMissingImages } from "./memories/mediaRetries.js";
import { deliverPending } from "./outbox/delivery.js";
import { registerCommandsIfChanged } from "./registerCommands.js";
import {
  attachment,
  BOT_USER_ID,
  bigFiles,
  botOnTempDb,
  callbacks,
  files as cdnFiles,
  dispatch,
  failNextAnswersToPosts,
  failNextCallbacks,
  failNextHistoryReads,
  failNextPosts,
  fileBytes,
  GUILD_ID,
  gateway,
  guildCommands,
  history,
  MEMORIES_CHANNEL,
  memorySave,
  message,
  messageMenu,
  posted,
  QUESTIONS_CHANNEL,
  questionNow,
  reactions,
  registrations,
  slashCommand,
  testConfig,
  until,
} from "./test/discord.js";

const [alex, sam] = demoCouple.partners;
const str = (name: string, value: string) => ({ name, type: ApplicationCommandOptionType.String as const, value });
const int = (name: string, value: number) => ({ name, type: ApplicationCommandOptionType.Integer as const, value });
const idOf = (db: ReturnType<typeof botOnTempDb>["db"], username: string) =>
  (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;
const sealedConfig = { ...testConfig, questions: { revealAfterBothAnswered: true } };
/** discord.js tries a 5xx four times (retries: 3) before it gives up. */
const DISCORD_GIVES_UP = [503, 503, 503, 503];

/** Alex's `/question now`, its answer; the failed posts the bot logs meanwhile stay out of the test's output. */
async function questionNowWithFailuresLogged(client: Parameters<typeof dispatch>[0]) {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return await dispatch(client, questionNow(alex.discordId));
  } finally {
    error.mockRestore();
  }
}

describe("3. announcements with nowhere to go", () => {
  it("never hold back the others: with no announcements channel the reveal is still posted, and the log says so once", async () => {
    const config = { ...testConfig, discord: { ...testConfig.discord, announcementsChannelId: undefined } };
    const { client, db, context } = botOnTempDb(config);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const [alexId, samId] = [idOf(db, "alex"), idOf(db, "sam")];
      // More than one round's worth (20) of events that have no channel.
      for (let i = 0; i < 25; i++) awardSpanks(db, { giverId: alexId, receiverId: samId, amount: 1, reason: "x" }, 50);
      seedQuestionBank(db, ["Dream weekend?"]);
      const question = askNextQuestion(db, context.config)!;
      answerQuestion(db, { userId: alexId, questionId: question.id, response: "Cabin" }, config.economy);
      answerQuestion(db, { userId: samId, questionId: question.id, response: "Beach" }, config.economy);
      await deliverPending(client, context);
      await deliverPending(client, context);
      expect(posted.map((p) => [p.channelId, String(p.body.content).split("\n")[0]])).toEqual([
        [QUESTIONS_CHANNEL, expect.stringContaining("💬 Alex answered")],
        [QUESTIONS_CHANNEL, expect.stringContaining("💬 Sam answered")],
        [QUESTIONS_CHANNEL, '💞 You both answered "Dream weekend?"'],
      ]);
      const notAnnounced = log.mock.calls.filter(([line]) => String(line).startsWith("Not announcing"));
      expect(notAnnounced).toEqual([[expect.stringContaining("spanks_awarded")]]);
      expect(db.$client.prepare("SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL").get()).toEqual({ n: 0 });
    } finally {
      log.mockRestore();
    }
  });

  it("a channel Discord refuses holds back only its own events", async () => {
    const { client, db, context } = botOnTempDb();
    const [alexId, samId] = [idOf(db, "alex"), idOf(db, "sam")];
    awardSpanks(db, { giverId: alexId, receiverId: samId, amount: 1, reason: "Tea" }, 50);
    seedQuestionBank(db, ["Q?"]);
    const question = askNextQuestion(db, context.config)!;
    answerQuestion(db, { userId: alexId, questionId: question.id, response: "A" }, context.config.economy);
    failNextPosts.push(...DISCORD_GIVES_UP);
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    await deliverPending(client, context);
    expect(posted.map((p) => p.channelId)).toEqual([QUESTIONS_CHANNEL]);
  });
});

describe("4. attachments", () => {
  it("a message with only an audio file that is no voice message gets a 🚫 and a note, and makes no memory", async () => {
    const { client, db } = botOnTempDb();
    const voice = attachment("voice-message.ogg", "audio/ogg", 5000);
    const sent = message({ channelId: MEMORIES_CHANNEL, authorId: sam.discordId, content: "", attachments: [voice] });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => posted.length === 1);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/🚫`]);
    expect(posted[0]!.body.content).toBe(
      "I keep png, jpeg, gif and webp images up to 10 MB, voice messages up to 20 minutes and mp4, webm or mov videos up to 3 minutes and 10 MB, so I left out voice-message.ogg.",
    );
    expect(listMemories(db)).toEqual([]);
  });

  it("keeps a 9 MB photo the interaction's upload limit allows, and a .jpg Discord gave no content type", async () => {
    const cdn = await bigFiles({ "/big.png": fileBytes("image/png", 9 * 1024 * 1024) });
    try {
      const { client, db, context } = botOnTempDb();
      context.mediaHosts = [cdn.host];
      const big = { ...attachment("big.png", "image/png", 9 * 1024 * 1024, false), url: cdn.url("/big.png") };
      const payload = memorySave(
        alex.discordId,
        [{ name: "image", type: ApplicationCommandOptionType.Attachment, value: big.id }, str("text", "Big one")],
        { attachments: { [big.id]: big } },
      );
      payload.attachment_size_limit = 25 * 1024 * 1024;
      expect(await dispatch(client, payload)).toBe("Saved as a memory 💞");
      const untyped = attachment("IMG_0001.jpg", null, 2000, true, "image/jpeg");
      gateway(
        client,
        "MESSAGE_CREATE",
        message({ channelId: MEMORIES_CHANNEL, authorId: sam.discordId, content: "", attachments: [untyped] }),
      );
      await until(() => listMemories(db).length === 2);
      expect(db.$client.prepare("SELECT content_type, size FROM memory_images ORDER BY id").all()).toEqual([
        { content_type: "image/png", size: 9 * 1024 * 1024 },
        { content_type: "image/jpeg", size: 2000 },
      ]);
    } finally {
      await cdn.close();
    }
  });
});

describe("5. sealed answers", () => {
  it("the question post and /help say only what works: no 'reply to this message' while answers are sealed", async () => {
    const sealed = botOnTempDb(sealedConfig);
    seedQuestionBank(sealed.db, ["Q?"]);
    await dispatch(sealed.client, questionNow(alex.discordId));
    expect(posted[0]!.body.content).toContain(
      "Answer with `/answer`: answers stay sealed until you have both answered.",
    );
    expect(posted[0]!.body.content).not.toContain("reply");
    expect(await dispatch(sealed.client, slashCommand("help", sam.discordId))).not.toContain("reply");
  });

  it("with sealing off, both the post and /help offer replying to the question", async () => {
    const open = botOnTempDb();
    seedQuestionBank(open.db, ["Q?"]);
    await dispatch(open.client, questionNow(alex.discordId));
    expect(posted[0]!.body.content).toContain("Answer with `/answer` or reply to this message.");
    expect(await dispatch(open.client, slashCommand("help", sam.discordId))).toContain(
      "reply to the question's message",
    );
  });
});

describe("6. a reply lost after the work was done", () => {
  it("/spank pays once and repeats what it did, never 'Please try again'", async () => {
    const { client, db } = botOnTempDb();
    failNextCallbacks.push(...DISCORD_GIVES_UP);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answer = await dispatch(
        client,
        slashCommand("spank", alex.discordId, [int("amount", 7), str("reason", "Cooked dinner")]),
      );
      expect(answer).toBe("You gave Sam 7 spanks. You can give 43 spanks more today.");
      expect(callbacks.map((c) => c.body.data?.content)).not.toContain(expect.stringContaining("try again"));
      expect(balanceOf(db, { userId: idOf(db, "sam") })).toBe(7);
      // 10. The log says what happened, without the interaction's token.
      const logged = error.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(logged).toContain("Command spank was done but its reply failed");
      expect(logged).toContain("/interactions/");
      expect(logged).not.toMatch(/interaction-token-/);
    } finally {
      error.mockRestore();
    }
  });

  it("/question now that Discord did not take leaves no question on the web, and says so", async () => {
    const { client, db } = botOnTempDb();
    seedQuestionBank(db, ["Mountains or sea?"]);
    failNextPosts.push(...DISCORD_GIVES_UP);
    expect(await questionNowWithFailuresLogged(client)).toBe(
      "Discord did not take the question, so nothing was asked. Please try /question now again in a minute.",
    );
    expect(latestQuestion(db)).toBeNull();
    // Nothing was asked, so no cooldown holds the next try back.
    expect(await dispatch(client, questionNow(alex.discordId))).toBe('Asked: "Mountains or sea?"');
  });
});

describe("a /question now whose answer from Discord was lost", () => {
  it("is kept when Discord took it all the same, and a reply to it is an answer", async () => {
    const { client, db } = botOnTempDb();
    seedQuestionBank(db, ["Mountains or sea?"]);
    // Discord posts it, then every answer to the bot's tries times out on the way back.
    failNextAnswersToPosts.push(...DISCORD_GIVES_UP);
    expect(await questionNowWithFailuresLogged(client)).toBe('Asked: "Mountains or sea?"');
    expect(posted).toHaveLength(1);
    expect(latestQuestion(db)).toMatchObject({ text: "Mountains or sea?" });

    gateway(
      client,
      "MESSAGE_CREATE",
      message({
        channelId: QUESTIONS_CHANNEL,
        authorId: sam.discordId,
        content: "Sea, always",
        replyTo: posted[0]!.id,
      }),
    );
    await until(() => latestQuestion(db)?.answers.length === 1);
    expect(latestQuestion(db)!.answers).toEqual([expect.objectContaining({ response: "Sea, always" })]);
  });
});

describe("a /question now whose answer from Discord was lost, the channel unreadable just then", () => {
  it("says Discord did not confirm it, and a reply to the post Discord showed is an answer to its question", async () => {
    const { client, db } = botOnTempDb();
    seedQuestionBank(db, ["Favourite trip?"]);
    failNextAnswersToPosts.push(...DISCORD_GIVES_UP);
    failNextHistoryReads.push(...DISCORD_GIVES_UP);
    expect(await questionNowWithFailuresLogged(client)).toBe(NOT_CONFIRMED);
    expect(posted).toHaveLength(1);

    // The question is in the channel for both to see: Sam replies to it.
    const reply = message({
      channelId: QUESTIONS_CHANNEL,
      authorId: sam.discordId,
      content: "Lisbon",
      replyTo: posted[0]!.id,
    });
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => isMessageHandled(db, QUESTIONS_CHANNEL, reply.id));
    expect(latestQuestion(db)).toMatchObject({ text: "Favourite trip?" });
    expect(latestQuestion(db)!.answers).toEqual([expect.objectContaining({ response: "Lisbon" })]);
    expect(questionIdByDiscordMessage(db, posted[0]!.id)).toBe(latestQuestion(db)!.id);
  });
});

describe("a /question now that Discord did not take, asked before", () => {
  it("is not mistaken for the earlier post of the same question still in the channel", async () => {
    const { client, db } = botOnTempDb();
    seedQuestionBank(db, ["Mountains or sea?"]);
    const asked = await dispatch(client, questionNow(alex.discordId));
    expect(asked).toBe('Asked: "Mountains or sea?"');
    // That post, as the channel shows it, made a day ago.
    const dayAgo = SnowflakeUtil.generate({ timestamp: Date.now() - 24 * 60 * 60 * 1000 }).toString();
    history.set(QUESTIONS_CHANNEL, [
      message({
        id: dayAgo,
        channelId: QUESTIONS_CHANNEL,
        authorId: BOT_USER_ID,
        content: String(posted[0]!.body.content),
      }),
    ]);
    db.$client
      .prepare("UPDATE questions SET asked_at = ?")
      .run(new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString());
    failNextPosts.push(...DISCORD_GIVES_UP);
    expect(await questionNowWithFailuresLogged(client)).toBe(NOT_POSTED);
    expect(db.$client.prepare("SELECT count(*) AS n FROM questions").get()).toEqual({ n: 1 });
  });
});

describe("7. deletions", () => {
  it("a bulk delete in Discord removes each memory it took", async () => {
    const { client, db } = botOnTempDb();
    const sent = ["One", "Two", "Three"].map((content) =>
      message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content }),
    );
    for (const one of sent) gateway(client, "MESSAGE_CREATE", one);
    await until(() => listMemories(db).length === 3);
    gateway(client, "MESSAGE_DELETE_BULK", {
      ids: [sent[0]!.id, sent[2]!.id],
      channel_id: MEMORIES_CHANNEL,
      guild_id: GUILD_ID,
    });
    await until(() => listMemories(db).length === 1);
    expect(listMemories(db).map((m) => m.message)).toEqual(["Two"]);
  });

  it("'Save as memory' on a message whose memory was deleted on the web saves it again", async () => {
    const { client, db } = botOnTempDb();
    const target = message({ authorId: sam.discordId, content: "The goat" });
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe("Saved as a memory 💞");
    deleteMemories(db, [listMemories(db)[0]!.id]);
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe("Saved as a memory 💞");
    expect(listMemories(db).map((m) => m.message)).toEqual(["The goat"]);
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe(
      "That message is already a memory.",
    );
  });
  it("'Save as memory' brings back a memory deleted on the web with the photo it kept, leaving no second copy on disk", async () => {
    const { client, db, context } = botOnTempDb();
    const photo = attachment("goat.png", "image/png", 3000);
    const target = message({ authorId: sam.discordId, content: "The goat", attachments: [photo] });
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe("Saved as a memory 💞");
    const files = () => readdirSync(context.mediaDir).filter((name) => !name.startsWith("."));
    expect(files()).toHaveLength(1);
    deleteMemories(db, [listMemories(db)[0]!.id]);

    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe("Saved as a memory 💞");
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["The goat"]);
    expect(db.$client.prepare("SELECT file_name FROM memory_images").pluck().all()).toEqual(files());
    expect(files()).toHaveLength(1);
  });

  it("'Save as memory' of a memory whose photo never arrived, deleted on the web, brings it back with the photo Discord serves now", async () => {
    const { client, db, context } = botOnTempDb();
    const photo = attachment("goat.png", "image/png", 3000, 503);
    const target = message({
      channelId: MEMORIES_CHANNEL,
      authorId: sam.discordId,
      content: "The goat",
      attachments: [photo],
    });
    gateway(client, "MESSAGE_CREATE", target);
    await until(() => posted.length === 1);
    // The CDN served something that was not an image: the bot gave up on it.
    cdnFiles.set(new URL(photo.url).pathname, fileBytes(undefined, 3000));
    expect(await retryMissingImages(context)).toBe(0);
    deleteMemories(db, [listMemories(db)[0]!.id]);

    cdnFiles.set(new URL(photo.url).pathname, fileBytes("image/png", 3000));
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe("Saved as a memory 💞");
    const onDisk = readdirSync(context.mediaDir).filter((name) => !name.startsWith("."));
    expect(onDisk).toHaveLength(1);
    expect(db.$client.prepare("SELECT file_name FROM memory_images").pluck().all()).toEqual(onDisk);
    expect(listMemories(db).map((memory) => memory.message)).toEqual(["The goat"]);
  });
});

describe("8. one text rule for every entry point", () => {
  it("refuses control characters, a right-to-left override and zero-width-only text in /memory, /question add and /spank", async () => {
    const { client, db } = botOnTempDb();
    const cases: [ReturnType<typeof slashCommand>, string][] = [
      [memorySave(alex.discordId, [str("text", "bell\u0007")]), "message: must not contain control characters"],
      [memorySave(alex.discordId, [str("text", "\u200b\u200b")]), "message: a memory needs some text"],
      [
        slashCommand("question", alex.discordId, [
          { name: "add", type: ApplicationCommandOptionType.Subcommand, options: [str("text", "\u202e?ekil")] },
        ]),
        "text: must not contain right-to-left or other direction overrides",
      ],
      [
        slashCommand("spank", alex.discordId, [int("amount", 5), str("reason", "Dinner\n@everyone look")]),
        "reason: must be one line without control characters",
      ],
      [slashCommand("spank", alex.discordId, [int("amount", 5), str("reason", "\u200b")]), "reason: must not be empty"],
    ];
    for (const [payload, refusal] of cases) expect(await dispatch(client, payload)).toBe(refusal);
    expect(listMemories(db)).toEqual([]);
    expect(db.$client.prepare("SELECT count(*) AS n FROM question_bank").get()).toEqual({ n: 0 });
    expect(balanceOf(db, { userId: idOf(db, "sam") })).toBe(0);
  });
});

describe("9. wording", () => {
  it("one spank is 'spank'; a too-long reply answer is refused in plain words", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 1);
    expect(await dispatch(client, slashCommand("spanks", alex.discordId))).toBe("You have 1 spank");
    seedQuestionBank(db, ["Q?"]);
    await dispatch(client, questionNow(alex.discordId));
    gateway(
      client,
      "MESSAGE_CREATE",
      message({
        channelId: QUESTIONS_CHANNEL,
        authorId: sam.discordId,
        content: "x".repeat(301),
        replyTo: posted[0]!.id,
      }),
    );
    await until(() => posted.length === 2);
    expect(posted[1]!.body.content).toBe("response: must be at most 300 characters");
  });

  it("/answer says it replaced an answer, what it earned, and that it stays sealed", async () => {
    const { client, db } = botOnTempDb(sealedConfig);
    seedQuestionBank(db, ["Q?"]);
    await dispatch(client, questionNow(alex.discordId));
    expect(await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "Tea")]))).toBe(
      'Your answer to "Q?" is saved. You earned 5 spanks. It stays sealed until Sam answers too.',
    );
    expect(await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "Coffee")]))).toBe(
      'Your new answer to "Q?" replaced your earlier one. It stays sealed until Sam answers too.',
    );
    expect(await dispatch(client, slashCommand("answer", sam.discordId, [str("response", "Juice")]))).toBe(
      'Your answer to "Q?" is saved. You earned 5 spanks.',
    );
  });

  it("the answered note mentions sealing only while answers are sealed", async () => {
    const { client, db, context } = botOnTempDb(sealedConfig);
    seedQuestionBank(db, ["Q?"]);
    const question = askNextQuestion(db, context.config)!;
    answerQuestion(db, { userId: idOf(db, "alex"), questionId: question.id, response: "A" }, context.config.economy);
    await deliverPending(client, context);
    expect(posted[0]!.body.content).toMatch(
      /^💬 Alex answered the question at <t:\d+:t>\. Answers are shown when you both have\.$/,
    );
  });
});

describe("10. conventions", () => {
  it("/question now has a cooldown", async () => {
    const { client, db } = botOnTempDb();
    seedQuestionBank(db, ["One?", "Two?"]);
    expect(await dispatch(client, questionNow(alex.discordId))).toMatch(/^Asked: /);
    expect(await dispatch(client, questionNow(sam.discordId))).toBe(
      "A question was asked just now. You can ask the next one in 10 minutes.",
    );
    expect(posted).toHaveLength(1);
  });

  it("registers the commands in the couple's server at start only when Discord lists other ones, hidden from members who cannot manage it", async () => {
    const { client, context } = botOnTempDb();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await registerCommandsIfChanged(client, context)).toBe(true);
      expect(await registerCommandsIfChanged(client, context)).toBe(false);
      // Another version of the bot (here: another server) registers again.
      const moved = {
        ...context,
        config: { ...context.config, discord: { ...context.config.discord, guildId: "42" } },
      };
      expect(await registerCommandsIfChanged(client, moved)).toBe(true);
      // Deleted on Discord's side (one of them, then all): the next start registers them again.
      guildCommands.set(GUILD_ID, guildCommands.get(GUILD_ID)!.slice(1));
      expect(await registerCommandsIfChanged(client, context)).toBe(true);
      guildCommands.delete(GUILD_ID);
      expect(await registerCommandsIfChanged(client, context)).toBe(true);
      expect(await registerCommandsIfChanged(client, context)).toBe(false);
    } finally {
      log.mockRestore();
    }
    expect(registrations.map((r) => r.guildId)).toEqual([GUILD_ID, "42", GUILD_ID, GUILD_ID]);
    const body = registrations[0]!.body as { name: string; default_member_permissions: string; contexts: number[] }[];
    expect(body.map((c) => c.name).sort()).toEqual(
      commandRegistrations()
        .map((c) => c.name)
        .sort(),
    );
    for (const command of body) {
      expect(command.default_member_permissions).toBe(PermissionFlagsBits.ManageGuild.toString());
      expect(command.contexts).toEqual([0]);
    }
  });
});
