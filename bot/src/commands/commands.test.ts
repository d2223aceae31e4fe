import { existsSync, readdirSync } from "node:fs";
import { postBounty } from "@spankbank/db/bounties";
import { dayIn } from "@spankbank/db/clock";
import { writeLaterLetter } from "@spankbank/db/laterLetters";
import { balanceOf } from "@spankbank/db/ledger";
import { listMemories } from "@spankbank/db/memories";
import { setDayOf } from "@spankbank/db/partnerDays";
import {
  answerQuestion,
  askQuestion as askNow,
  dailyQuestionToPost,
  latestQuestion,
  listQuestions,
  seedQuestionBank,
} from "@spankbank/db/questions";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { MEMORY_SENT_AGAIN_MS, NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { type APIApplicationCommandInteractionDataOption, ApplicationCommandOptionType } from "discord.js";
import { describe, expect, it, vi } from "vitest";
import { retryMissingImages } from "../memories/mediaRetries.js";
import { postQuestion } from "../questions/post.js";
import {
  askQuestion,
  attachment,
  botOn,
  botOnTempDb,
  dispatch,
  fileBytes,
  files,
  forward,
  memorySave,
  message,
  messageMenu,
  posted,
  QUESTIONS_CHANNEL,
  STRANGER_ID,
  slashCommand,
  slashCommandAt,
  testConfig,
} from "../test/discord.js";
import { commands, messageMenuCommands } from "./index.js";

const [alex, sam] = demoCouple.partners;
const str = (name: string, value: string) => ({ name, type: ApplicationCommandOptionType.String as const, value });
const int = (name: string, value: number) => ({ name, type: ApplicationCommandOptionType.Integer as const, value });
/** Alex's `/memory save` of "Beach day" with this photo. */
const beachDay = (image: ReturnType<typeof attachment>) =>
  memorySave(
    alex.discordId,
    [{ name: "image", type: ApplicationCommandOptionType.Attachment, value: image.id }, str("text", "Beach day")],
    { attachments: { [image.id]: image } },
  );
const idOf = (db: ReturnType<typeof botOnTempDb>["db"], username: string) =>
  (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;

describe("/memory", () => {
  it("saves the text as the partner's memory", async () => {
    const { client, db } = botOnTempDb();
    const answer = await dispatch(client, memorySave(alex.discordId, [str("text", "Our first pancake morning")]));
    expect(answer).toBe("Saved as a memory 💞");
    expect(listMemories(db)).toMatchObject([{ message: "Our first pancake morning", username: "alex_d" }]);
  });

  it("keeps an attached image in the media folder", async () => {
    const { client, db, context } = botOnTempDb();
    const image = attachment("beach.png", "image/png", 1234);
    await dispatch(
      client,
      memorySave(
        sam.discordId,
        [{ name: "image", type: ApplicationCommandOptionType.Attachment, value: image.id }, str("text", "Beach")],
        {
          attachments: { [image.id]: image },
        },
      ),
    );
    const stored = db.$client.prepare("SELECT file_name, content_type, size FROM memory_images").all() as {
      file_name: string;
    }[];
    expect(stored).toMatchObject([{ content_type: "image/png", size: 1234 }]);
    expect(readdirSync(context.mediaDir)).toEqual([stored[0]!.file_name]);
  });

  it("sent again after the bot restarted before answering, answers with the memory already saved, not a second one", async () => {
    const { client, db, context } = botOnTempDb();
    const beach = (size: number) => {
      // Each sending uploads the photo anew: a new attachment id and link, the same bytes.
      const image = attachment("beach.png", "image/png", size);
      return memorySave(
        alex.discordId,
        [{ name: "image", type: ApplicationCommandOptionType.Attachment, value: image.id }, str("text", "Beach day")],
        { attachments: { [image.id]: image } },
      );
    };
    expect(await dispatch(client, beach(1234))).toBe("Saved as a memory 💞");
    // The partner saw no answer ("The application did not respond") and sends the same /memory to the restarted bot.
    expect(await dispatch(botOn(context), beach(1234))).toBe("That memory was already saved 💞");
    expect(listMemories(db)).toMatchObject([{ message: "Beach day", username: "alex_d" }]);
    expect(readdirSync(context.mediaDir)).toHaveLength(1);
    // The same words with another photo are another memory.
    expect(await dispatch(client, beach(4321))).toBe("Saved as a memory 💞");
    expect(listMemories(db)).toHaveLength(2);
    expect(readdirSync(context.mediaDir)).toHaveLength(2);
    // The same /memory sent later is a new memory, as the partner means it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + MEMORY_SENT_AGAIN_MS + 1 });
    try {
      expect(await dispatch(client, beach(1234))).toBe("Saved as a memory 💞");
    } finally {
      vi.useRealTimers();
    }
    expect(listMemories(db)).toHaveLength(3);
  });

  it("sent again after its photo failed to download, the photo downloaded now joins the memory already saved, once", async () => {
    const { client, db, context } = botOnTempDb();
    // The CDN answers 503: the memory is saved and its photo queued for the retry.
    const first = attachment("beach.png", "image/png", 3000, 503);
    expect(await dispatch(client, beachDay(first))).toMatch(
      /^Saved as a memory 💞 Discord did not give me beach.png yet/,
    );
    // The answer came late or not at all: the partner sends it again, and this time the photo downloads.
    expect(await dispatch(botOn(context), beachDay(attachment("beach.png", "image/png", 3000)))).toBe(
      "That memory was already saved 💞 Its photo is there now.",
    );
    const named = () => db.$client.prepare("SELECT file_name FROM memory_images").pluck().all();
    const onDisk = () => readdirSync(context.mediaDir).filter((name) => !name.startsWith("."));
    expect(listMemories(db)).toMatchObject([{ message: "Beach day", username: "alex_d" }]);
    expect(named()).toHaveLength(1);
    expect(onDisk()).toEqual(named());
    // The first link works now too: the retry does not download the photo a second time.
    files.set(new URL(first.url).pathname, fileBytes("image/png", 3000));
    expect(await retryMissingImages(context)).toBe(0);
    expect(named()).toHaveLength(1);
    expect(onDisk()).toEqual(named());
  });

  it("sent again after the bot gave up on its photo, the photo downloaded now joins the memory already saved", async () => {
    const { client, db, context } = botOnTempDb();
    const first = attachment("beach.png", "image/png", 3000, 503);
    await dispatch(client, beachDay(first));
    // The CDN served something that was not an image: the bot gave up on it.
    files.set(new URL(first.url).pathname, fileBytes(undefined, 3000));
    expect(await retryMissingImages(context)).toBe(0);
    expect(await dispatch(client, beachDay(attachment("beach.png", "image/png", 3000)))).toBe(
      "That memory was already saved 💞 Its photo is there now.",
    );
    const named = db.$client.prepare("SELECT file_name FROM memory_images").pluck().all();
    expect(listMemories(db)).toHaveLength(1);
    expect(named).toHaveLength(1);
    expect(readdirSync(context.mediaDir).filter((name) => !name.startsWith("."))).toEqual(named);
  });

  it("refuses a stranger and writes nothing", async () => {
    const { client, db } = botOnTempDb();
    expect(await dispatch(client, memorySave(STRANGER_ID, [str("text", "hi")]))).toBe(
      "Spank Bank is private to one couple, sorry!",
    );
    expect(listMemories(db)).toEqual([]);
  });
});

describe("Save as memory", () => {
  it("saves a partner's message from any channel, once, attributed to its author", async () => {
    const { client, db } = botOnTempDb();
    const target = message({ authorId: sam.discordId, content: "I still laugh about the goat" });
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe("Saved as a memory 💞");
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe(
      "That message is already a memory.",
    );
    expect(listMemories(db)).toMatchObject([{ message: "I still laugh about the goat", username: "sam_r" }]);
  });

  it("saves a forward, from any channel, with the forwarded words and photo, as a memory of who forwarded it", async () => {
    const { client, db } = botOnTempDb();
    const photo = attachment("goat.jpg", "image/jpeg", 2048);
    const chat = message({ authorId: STRANGER_ID, content: "The goat again", attachments: [photo] });
    const target = forward({ authorId: sam.discordId, of: chat });
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe("Saved as a memory 💞");
    expect(listMemories(db)).toMatchObject([{ message: "The goat again", username: "sam_r" }]);
    expect(db.$client.prepare("SELECT size FROM memory_images").all()).toEqual([{ size: 2048 }]);
  });

  it("refuses a message by someone else", async () => {
    const { client, db } = botOnTempDb();
    const target = message({ authorId: STRANGER_ID, content: "not yours" });
    expect(await dispatch(client, messageMenu("Save as memory", alex.discordId, target))).toBe(
      "I only save messages written by one of you two.",
    );
    expect(listMemories(db)).toEqual([]);
  });
});

describe("/answer", () => {
  it("says there is no question yet", async () => {
    const { client } = botOnTempDb();
    expect(await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "Pizza")]))).toBe(
      "There is no question yet. Ask one with /question now.",
    );
  });

  it("answers the latest question, and a second answer replaces the first", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Best date ever?", alex.discordId);
    expect(await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "Pizza")]))).toBe(
      'Your answer to "Best date ever?" is saved. You earned 5 spanks.',
    );
    expect(await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "The lake")]))).toBe(
      'Your new answer to "Best date ever?" replaced your earlier one.',
    );
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "alex_d", response: "The lake" }]);
  });

  it("sent a minute ago and heard only now (a replay after a dropped connection), never puts its words over the answer given on the web since", async () => {
    const { client, db } = botOnTempDb();
    const now = Date.now();
    const question = askNow(db, { text: "Favourite trip?", now: new Date(now - 10 * 60_000) });
    // Sam sends /answer "Lisbon"; Discord says "The application did not respond".
    const sent = slashCommandAt("answer", new Date(now - 60_000).toISOString(), sam.discordId, [
      str("response", "Lisbon"),
    ]);
    // Thirty seconds later Sam answers on the web instead: "Kyoto".
    const samId = db.$client.prepare("SELECT id FROM users WHERE discord_id = ?").pluck().get(sam.discordId) as number;
    answerQuestion(
      db,
      { userId: samId, questionId: question.id, response: "Kyoto", now: new Date(now - 30_000) },
      {
        answerReward: 0,
      },
    );
    expect(await dispatch(client, sent)).toBe(
      'You answered "Favourite trip?" again since this reached me, so your newer answer stays.',
    );
    expect(latestQuestion(db)?.answers).toMatchObject([{ username: "sam_r", response: "Kyoto" }]);
  });

  it("goes to the question shown when it was sent, not to the daily question posted while it was on its way", async () => {
    const { client, db, context } = botOnTempDb();
    await askQuestion(client, db, "Best date ever?", alex.discordId);
    // Alex sends it a moment before 09:00; the bot reads it once today's question is posted.
    const sent = slashCommand("answer", alex.discordId, [str("response", "The lake")]);
    seedQuestionBank(db, ["Mountains or sea?"]);
    const today = dailyQuestionToPost(db, dayIn(testConfig.dailyQuestion.timeZone, new Date()), testConfig.couple)!;
    await postQuestion(client, context, today, QUESTIONS_CHANNEL);
    expect(await dispatch(client, sent)).toBe('Your answer to "Best date ever?" is saved. You earned 5 spanks.');
    expect(listQuestions(db).map((q) => [q.text, q.answers.length])).toEqual([
      ["Mountains or sea?", 0],
      ["Best date ever?", 1],
    ]);
  });

  it("goes to the question on show while today's is still being posted", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Best date ever?", alex.discordId);
    // Today's question is claimed at 09:00, and Discord has not shown it yet (its post is on its way, or failing).
    seedQuestionBank(db, ["Mountains or sea?"]);
    dailyQuestionToPost(db, dayIn(testConfig.dailyQuestion.timeZone, new Date()), testConfig.couple);
    expect(await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "The lake")]))).toBe(
      'Your answer to "Best date ever?" is saved. You earned 5 spanks.',
    );
  });

  it("never replaces an answer already given to the question on show while today's is being posted: it answers today's", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Best date ever?", alex.discordId);
    await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "The lake")]));
    // Today's is claimed; its post may be on Discord already though the bot has not recorded it.
    seedQuestionBank(db, ["Mountains or sea?"]);
    dailyQuestionToPost(db, dayIn(testConfig.dailyQuestion.timeZone, new Date()), testConfig.couple);
    expect(await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "Sea, always")]))).toBe(
      'Your answer to "Mountains or sea?" is saved. You earned 5 spanks.',
    );
    const answersTo = (text: string) =>
      db.$client
        .prepare(
          "SELECT response FROM answers JOIN questions ON questions.id = answers.question_id WHERE questions.text = ?",
        )
        .pluck()
        .all(text);
    expect(answersTo("Best date ever?")).toEqual(["The lake"]);
    expect(answersTo("Mountains or sea?")).toEqual(["Sea, always"]);
  });

  it("keeps a guess of the partner's answer with it, private until both have answered, then beside the answers", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Where shall we go next?", alex.discordId);
    const alexSays = await dispatch(
      client,
      slashCommand("answer", alex.discordId, [str("response", "Lisbon"), str("guess", "Kyoto, surely")]),
    );
    expect(alexSays).toBe(
      `Your answer to "Where shall we go next?" is saved. You earned 5 spanks. Your guess stays with you until you've both answered.`,
    );
    // Unsealed, Sam sees Alex's answer: too late for a guess of her own, and nothing of hers is written.
    const samLate = await dispatch(
      client,
      slashCommand("answer", sam.discordId, [str("response", "Kyoto"), str("guess", "Lisbon")]),
    );
    expect(samLate).toBe("guess: it's too late to guess once you've seen Alex's answer.");
    expect(latestQuestion(db)?.answers).toHaveLength(1);
    expect(await dispatch(client, slashCommand("answer", sam.discordId, [str("response", "Kyoto")]))).toBe(
      `Your answer to "Where shall we go next?" is saved. You earned 5 spanks.`,
    );
    expect(latestQuestion(db)?.answers).toMatchObject([
      { username: "alex_d", guess: { text: "Kyoto, surely", rating: null } },
      { username: "sam_r", response: "Kyoto" },
    ]);
  });

  it("refuses an answer over 300 characters, writing nothing", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Q?", alex.discordId);
    const answer = await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "x".repeat(301))]));
    expect(answer).toMatch(/^response: /);
    expect(latestQuestion(db)?.answers).toEqual([]);
  });
});

describe("/guess", () => {
  /** Alex answers "Where shall we go next?" with a guess of Sam's answer; Sam answers too unless told not to. */
  async function alexGuesses(samAnswers: boolean) {
    const bot = botOnTempDb();
    await askQuestion(bot.client, bot.db, "Where shall we go next?", alex.discordId);
    await dispatch(
      bot.client,
      slashCommand("answer", alex.discordId, [str("response", "Lisbon"), str("guess", "Kyoto")]),
    );
    if (samAnswers) await dispatch(bot.client, slashCommand("answer", sam.discordId, [str("response", "Kyoto")]));
    return bot;
  }
  const rate = (userId: string, rating: string) => slashCommand("guess", userId, [str("rating", rating)]);
  const balances = (db: ReturnType<typeof botOnTempDb>["db"]) =>
    ["alex", "sam"].map((name) => balanceOf(db, { userId: idOf(db, name) }));
  const nailedEvents = (db: ReturnType<typeof botOnTempDb>["db"]) =>
    db.$client.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'guess_nailed'").get() as { n: number };

  it("rates the partner's guess once after the reveal, paying you both once for a nailed one", async () => {
    const { client, db } = await alexGuesses(true);
    const before = balances(db);
    expect(await dispatch(client, rate(sam.discordId, "nailed"))).toBe(
      'You rated Alex\'s guess "Kyoto" on "Where shall we go next?" Nailed it. You each earned 3 spanks.',
    );
    expect(balances(db)).toEqual(before.map((balance) => balance + 3));
    expect(nailedEvents(db)).toEqual({ n: 1 });
    expect(await dispatch(client, rate(sam.discordId, "nailed"))).toBe(
      'You already rated Alex\'s guess "Kyoto" on "Where shall we go next?" Nailed it; nothing changed.',
    );
    expect(await dispatch(client, rate(sam.discordId, "close"))).toBe("You've already rated this guess.");
    expect(balances(db)).toEqual(before.map((balance) => balance + 3));
    expect(nailedEvents(db)).toEqual({ n: 1 });
    expect(latestQuestion(db)?.answers[0]).toMatchObject({ guess: { text: "Kyoto", rating: "nailed" } });
  });

  it("rates the latest revealed guess while a newer question is still open", async () => {
    const { client, db } = await alexGuesses(true);
    askNow(db, { text: "Tea or coffee?" });
    expect(await dispatch(client, rate(sam.discordId, "not_quite"))).toBe(
      'You rated Alex\'s guess "Kyoto" on "Where shall we go next?" Not quite.',
    );
    expect(listQuestions(db).map((q) => q.answers[0]?.guess?.rating)).toEqual([undefined, "not_quite"]);
  });

  it("says so when your partner made no guess, writing nothing", async () => {
    const { client, db } = botOnTempDb();
    await askQuestion(client, db, "Tea or coffee?", alex.discordId);
    await dispatch(client, slashCommand("answer", alex.discordId, [str("response", "Tea")]));
    await dispatch(client, slashCommand("answer", sam.discordId, [str("response", "Coffee")]));
    const before = balances(db);
    expect(await dispatch(client, rate(sam.discordId, "nailed"))).toBe("Alex didn't guess this one.");
    expect(balances(db)).toEqual(before);
    expect(nailedEvents(db)).toEqual({ n: 0 });
  });

  it("refuses before the reveal, writing nothing", async () => {
    const { client, db } = await alexGuesses(false);
    const before = balances(db);
    expect(await dispatch(client, rate(sam.discordId, "nailed"))).toBe(
      "There is no guess to rate yet: a guess is rated once you've both answered.",
    );
    expect(balances(db)).toEqual(before);
    expect(nailedEvents(db)).toEqual({ n: 0 });
    expect(latestQuestion(db)?.answers[0]?.guess).toEqual({ text: "Kyoto", rating: null });
  });

  it("refuses a stranger, writing nothing, and leaves the rating to the partner", async () => {
    const { client, db } = await alexGuesses(true);
    const before = balances(db);
    expect(await dispatch(client, rate(STRANGER_ID, "nailed"))).toBe("Spank Bank is private to one couple, sorry!");
    expect(balances(db)).toEqual(before);
    expect(latestQuestion(db)?.answers[0]?.guess).toEqual({ text: "Kyoto", rating: null });
    expect(await dispatch(client, rate(sam.discordId, "close"))).toBe(
      'You rated Alex\'s guess "Kyoto" on "Where shall we go next?" Close.',
    );
    expect(balances(db)).toEqual(before);
  });
});

describe("/question", () => {
  it("now: posts the next question in the questions channel and records its message", async () => {
    const { client, db } = botOnTempDb();
    const answer = await askQuestion(client, db, "What song is ours?", alex.discordId);
    expect(answer).toBe('Asked: "What song is ours?"');
    expect(posted).toMatchObject([
      { channelId: QUESTIONS_CHANNEL, body: { content: expect.stringContaining("What song is ours?") } },
    ]);
    expect(db.$client.prepare("SELECT discord_message_id FROM questions").get()).toEqual({
      discord_message_id: posted[0]!.id,
    });
  });

  it("add: puts a question in the bank, once", async () => {
    const { client } = botOnTempDb();
    const add = () =>
      slashCommand("question", alex.discordId, [
        { name: "add", type: ApplicationCommandOptionType.Subcommand, options: [str("text", "Mountains or sea?")] },
      ]);
    expect(await dispatch(client, add())).toBe('Added to the bank: "Mountains or sea?"');
    expect(await dispatch(client, add())).toBe("That question is already in the bank.");
  });
});

describe("/spank", () => {
  it("awards the partner, and refuses past the daily cap or out of range", async () => {
    const { client, db } = botOnTempDb();
    const spank = (amount: number) =>
      slashCommand("spank", alex.discordId, [int("amount", amount), str("reason", "Cooked dinner")]);
    expect(await dispatch(client, spank(30))).toBe("You gave Sam 30 spanks. You can give 20 spanks more today.");
    expect(await dispatch(client, spank(21))).toBe("You can award 20 spanks more today.");
    expect(await dispatch(client, spank(101))).toBe("amount: award between 1 and 100 spanks.");
    expect(await dispatch(client, spank(0))).toBe("amount: award between 1 and 100 spanks.");
    expect(balanceOf(db, { userId: idOf(db, "sam") })).toBe(30);
  });
});

describe("/balance and /donate", () => {
  it("shows both partners' spanks", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 12);
    giveSpanks(db, idOf(db, "sam"), 1);
    expect(await dispatch(client, slashCommand("balance", alex.discordId))).toBe(
      "You have 12 spanks. Sam has 1 spank.",
    );
  });

  it("donates to the charity, and refuses more than you have", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 12);
    expect(await dispatch(client, slashCommand("donate", alex.discordId, [int("amount", 10)]))).toBe(
      "You donated 10 spanks to Floggers4Change (10 spanks in all). You have 2 spanks left.",
    );
    expect(await dispatch(client, slashCommand("donate", alex.discordId, [int("amount", 3)]))).toBe(
      "You cannot donate 3 spanks: you have 2 spanks.",
    );
    expect(balanceOf(db, "charity")).toBe(10);
  });
});

describe("/when", () => {
  const whenAt = (iso: string, userId: string) => slashCommandAt("when", iso, userId);

  it("says the partner's state and the next time both are awake, in both local times, across Florida's spring change", async () => {
    const { client } = botOnTempDb();
    // Monday 9 March 2026, 05:00 UTC: 1:00 AM in Florida (EDT since Sunday), 10:30 AM in India.
    expect(await dispatch(client, whenAt("2026-03-09T05:00:00Z", alex.discordId))).toBe(
      "Sam is probably asleep (1:00 AM in Florida).\nBoth awake next: 4:00 PM–11:30 PM in India, 6:30 AM–2:00 PM in Florida.",
    );
    expect(await dispatch(client, whenAt("2026-03-09T05:00:00Z", sam.discordId))).toBe(
      "Alex is at work (10:30 AM in India).\nBoth awake next: 6:30 AM–2:00 PM in Florida, 4:00 PM–11:30 PM in India.",
    );
    // Sunday afternoon in India, Sunday morning in Florida: Alex is free and both are awake.
    expect(await dispatch(client, whenAt("2026-03-08T14:00:00Z", sam.discordId))).toBe(
      "Alex is free (7:30 PM in India).\nBoth awake now until 2:00 PM in Florida, 11:30 PM in India.",
    );
  });

  it("answers from the day a partner set on the web (over the config's), across Florida's autumn change", async () => {
    const { client, db, context } = botOnTempDb();
    setDayOf(db, context.config, idOf(db, "alex"), {
      sleep: { from: "22:00", to: "06:00" },
      work: null,
      quietHours: "silent",
    });
    // Sunday 1 November 2026, 17:00 UTC: 10:30 PM in India (inside Alex's 22:00-06:00; the config's 23:30 would say free), 12:00 PM in Florida (EST since 2:00 AM).
    expect(await dispatch(client, whenAt("2026-11-01T17:00:00Z", sam.discordId))).toBe(
      "Alex is probably asleep (10:30 PM in India).\nBoth awake next: 7:30 PM–11:00 PM in Florida, Mon 6:00 AM–Mon 9:30 AM in India.",
    );
  });
});

describe("/nudge", () => {
  const nudgeAt = (iso: string, userId: string, options: APIApplicationCommandInteractionDataOption[] = []) =>
    slashCommandAt("nudge", iso, userId, options);
  const nudges = (db: ReturnType<typeof botOnTempDb>["db"]) =>
    db.$client.prepare("SELECT from_user_id, to_user_id, line FROM nudges ORDER BY id").all();

  it(`tells the partner, with an optional line, up to ${NUDGE_DAILY_LIMIT} a day on the sender's calendar`, async () => {
    const { client, db } = botOnTempDb();
    const morning = "2026-05-01T04:00:00Z"; // 9:30 AM in India
    expect(await dispatch(client, nudgeAt(morning, alex.discordId, [str("line", "Coffee without you is sad")]))).toBe(
      `💗 Sam will know you're thinking of them. You can send ${NUDGE_DAILY_LIMIT - 1} more today.`,
    );
    for (let i = 2; i < NUDGE_DAILY_LIMIT; i++) await dispatch(client, nudgeAt(morning, alex.discordId));
    expect(await dispatch(client, nudgeAt(morning, alex.discordId))).toBe(
      "💗 Sam will know you're thinking of them. That was your last for today.",
    );
    expect(await dispatch(client, nudgeAt(morning, alex.discordId))).toBe(
      `You have sent Sam your ${NUDGE_DAILY_LIMIT} thoughts for today (at most ${NUDGE_DAILY_LIMIT} a day). Try again tomorrow.`,
    );
    expect(nudges(db)).toHaveLength(NUDGE_DAILY_LIMIT);
    expect(nudges(db)[0]).toEqual({
      from_user_id: idOf(db, "alex"),
      to_user_id: idOf(db, "sam"),
      line: "Coffee without you is sad",
    });
    // Midnight in India: a new day for Alex.
    expect(await dispatch(client, nudgeAt("2026-05-01T18:30:00Z", alex.discordId))).toMatch(/^💗 Sam will know/);
    expect(await dispatch(client, nudgeAt(morning, sam.discordId))).toMatch(/^💗 Alex will know/);
  });

  it("refuses a blank line and a stranger, writing nothing", async () => {
    const { client, db } = botOnTempDb();
    expect(await dispatch(client, nudgeAt("2026-05-01T04:00:00Z", alex.discordId, [str("line", "   ")]))).toBe(
      "line: must not be empty",
    );
    expect(await dispatch(client, nudgeAt("2026-05-01T04:00:00Z", STRANGER_ID))).toBe(
      "Spank Bank is private to one couple, sorry!",
    );
    expect(nudges(db)).toEqual([]);
  });
});

describe("/bounty", () => {
  const sub = (name: string, options: APIApplicationCommandInteractionDataOption[] = []) => [
    { name, type: ApplicationCommandOptionType.Subcommand as const, options },
  ];
  const bounty = (userId: string, name: string, options: APIApplicationCommandInteractionDataOption[] = []) =>
    slashCommandAt("bounty", "2026-05-01T12:00:00Z", userId, sub(name, options) as never);
  const ledger = (db: ReturnType<typeof botOnTempDb>["db"]) => ({
    alex: balanceOf(db, { userId: idOf(db, "alex") }),
    sam: balanceOf(db, { userId: idOf(db, "sam") }),
    escrow: balanceOf(db, "escrow"),
  });

  it("posts with the reward held at once, lists it, done by the partner, approved once by the poster", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 50);
    const post = [str("title", "Send me a voice note of our song"), int("reward", 20), str("due", "2026-05-08")];
    expect(await dispatch(client, bounty(alex.discordId, "post", post))).toBe(
      '🎯 Posted bounty #1 "Send me a voice note of our song": 20 spanks held until it is done.',
    );
    expect(ledger(db)).toEqual({ alex: 30, sam: 0, escrow: 20 });
    // The end of Friday in India.
    expect(await dispatch(client, bounty(sam.discordId, "list"))).toBe(
      '**Bounties**\n#1 "Send me a voice note of our song" from Alex: 20 spanks, open, due <t:1778265000:R>',
    );
    expect(await dispatch(client, bounty(alex.discordId, "done", [int("id", 1), str("note", "Me")]))).toBe(
      "You cannot claim your own bounty.",
    );
    const done = [int("id", 1), str("note", "Recorded it in the car")];
    expect(await dispatch(client, bounty(sam.discordId, "done", done))).toBe(
      '✅ Bounty #1 "Send me a voice note of our song" is done: Alex will approve it.',
    );
    expect(await dispatch(client, bounty(sam.discordId, "approve", [int("id", 1)]))).toBe(
      "Only the partner who posted a bounty can approve it.",
    );
    expect(
      await dispatch(client, bounty(alex.discordId, "send-back", [int("id", 1), str("reason", "Chorus too")])),
    ).toBe('↩️ Sent bounty #1 "Send me a voice note of our song" back to Sam.');
    expect(await dispatch(client, bounty(sam.discordId, "list"))).toBe(
      '**Bounties**\n#1 "Send me a voice note of our song" from Alex: 20 spanks, sent back to Sam: Chorus too, due <t:1778265000:R>',
    );
    await dispatch(client, bounty(sam.discordId, "done", done));
    for (let i = 0; i < 2; i++) {
      expect(await dispatch(client, bounty(alex.discordId, "approve", [int("id", 1)]))).toBe(
        '🎉 Approved bounty #1 "Send me a voice note of our song": 20 spanks went to Sam.',
      );
    }
    expect(ledger(db)).toEqual({ alex: 30, sam: 20, escrow: 0 });
    expect(await dispatch(client, bounty(sam.discordId, "list"))).toBe(
      "No bounties open. Post one with `/bounty post title reward [due]`.",
    );
  });

  it("lists in one Discord message all that fits of twenty open bounties, and says how many more the web page has", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 100);
    // Alex fills the board with long tasks, as the title allows.
    for (let i = 0; i < 20; i++) {
      postBounty(db, idOf(db, "alex"), {
        title: `Task ${i + 1}: ${"a long story of what to do ".repeat(4)}`.slice(0, 100),
        reward: 1,
      });
    }
    const answer = (await dispatch(client, bounty(sam.discordId, "list")))!;
    expect(answer.length).toBeLessThanOrEqual(2000);
    const lines = answer.split("\n");
    expect(lines[0]).toBe("**Bounties**");
    const listed = lines.filter((line) => /^#\d+ "Task/.test(line));
    expect(listed.length).toBeGreaterThan(10);
    expect(lines.at(-1)).toBe(`…and ${20 - listed.length} more on the web page, in the Spank Bank's Bounties.`);
  });

  it("done with a photo: kept in the media folder for the poster; one not an image marks nothing", async () => {
    const { client, db, context } = botOnTempDb();
    giveSpanks(db, idOf(db, "alex"), 50);
    await dispatch(client, bounty(alex.discordId, "post", [str("title", "Plant the tulips"), int("reward", 5)]));
    const doneWith = (photo: ReturnType<typeof attachment>) => {
      const command = bounty(sam.discordId, "done", [
        int("id", 1),
        str("note", "All in a row"),
        { name: "photo", type: ApplicationCommandOptionType.Attachment, value: photo.id },
      ]);
      const withPhoto = { ...command, data: { ...command.data, resolved: { attachments: { [photo.id]: photo } } } };
      return dispatch(client, withPhoto);
    };
    const photoRow = () => db.$client.prepare("SELECT status, done_photo_file, done_photo_type FROM bounties").get();

    expect(await doneWith(attachment("tulips.txt", "text/plain", 40))).toBe(
      "photo: I keep only png, jpeg, gif and webp images up to 8 MB, so I left out tulips.txt. Nothing is marked done.",
    );
    // A video is kept as a memory, never as a bounty's photo.
    expect(await doneWith(attachment("tulips.mp4", "video/mp4", 2048))).toBe(
      "photo: I keep only png, jpeg, gif and webp images up to 8 MB, so I left out tulips.mp4. Nothing is marked done.",
    );
    expect(photoRow()).toEqual({ status: "open", done_photo_file: null, done_photo_type: null });
    expect(existsSync(context.mediaDir) ? readdirSync(context.mediaDir) : []).toEqual([]);

    expect(await doneWith(attachment("tulips.png", "image/png", 2048))).toBe(
      '✅ Bounty #1 "Plant the tulips" is done: Alex will approve it.',
    );
    const { done_photo_file } = photoRow() as { done_photo_file: string };
    expect(photoRow()).toEqual({ status: "done", done_photo_file, done_photo_type: "image/png" });
    expect(readdirSync(context.mediaDir)).toEqual([done_photo_file]);
  });

  it("refuses a blank title, a past due day and too few spanks, writing nothing", async () => {
    const { client, db } = botOnTempDb();
    giveSpanks(db, idOf(db, "sam"), 10);
    const post = (title: string, reward: number, due?: string) =>
      dispatch(
        client,
        bounty(sam.discordId, "post", [str("title", title), int("reward", reward), ...(due ? [str("due", due)] : [])]),
      );
    expect(await post("   ", 5)).toBe("title: must not be empty");
    expect(await post("Call me", 5, "2026-04-30")).toBe("due_date: must be today or later");
    expect(await post("Call me", 11)).toBe("You do not have enough spanks.");
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM bounties").get()).toEqual({ n: 0 });
    expect(ledger(db)).toEqual({ alex: 0, sam: 10, escrow: 0 });
  });
});

describe("/letters", () => {
  it("lists the letters waiting for you with their moment as Discord timestamps, never their text", async () => {
    const { client, db } = botOnTempDb();
    expect(await dispatch(client, slashCommand("letters", sam.discordId))).toBe(
      "No letters are waiting for you. Letters for later from Alex show up here; write one back on the web page.",
    );
    const year = new Date().getUTCFullYear() + 1;
    const from = idOf(db, "alex");
    const sealed = writeLaterLetter(db, {
      fromUserId: from,
      text: "Sealed words",
      opening: { kind: "date", date: `${year}-12-24`, time: "08:00" },
    });
    writeLaterLetter(db, { fromUserId: from, text: "Sad words", opening: { kind: "openWhen", moment: "sad" } });
    const at = Date.parse(sealed.opensAt!) / 1000;
    const answer = await dispatch(client, slashCommand("letters", sam.discordId));
    expect(answer).toBe(
      [
        "**Letters for later waiting for you** (2)",
        `✉️ From Alex, sealed: opens <t:${at}:f> (<t:${at}:R>)`,
        '💌 From Alex: "Open when you\'re sad"',
        "Open them on the web page, in Letters for later.",
      ].join("\n"),
    );
    // Alex wrote them: none is waiting for Alex.
    expect(await dispatch(client, slashCommand("letters", alex.discordId))).toMatch(
      /^No letters are waiting for you\./,
    );
  });

  it("lists in one Discord message all that fits of a shelf of 50 letters, and says how many more the web page has", async () => {
    const { client, db } = botOnTempDb();
    const year = new Date().getUTCFullYear() + 1;
    // Alex seals a letter for each week of next year: fifty, the most one may have waiting.
    for (let week = 0; week < 50; week++) {
      const date = new Date(Date.UTC(year, 0, 1 + 7 * week)).toISOString().slice(0, 10);
      writeLaterLetter(db, {
        fromUserId: idOf(db, "alex"),
        text: `For week ${week + 1}`,
        opening: { kind: "date", date, time: "08:00" },
      });
    }
    const answer = (await dispatch(client, slashCommand("letters", sam.discordId)))!;
    expect(answer.length).toBeLessThanOrEqual(2000);
    const lines = answer.split("\n");
    expect(lines[0]).toBe("**Letters for later waiting for you** (50)");
    const listed = lines.filter((line) => line.startsWith("✉️ From Alex, sealed: opens"));
    expect(listed.length).toBeGreaterThan(20);
    expect(lines.at(-1)).toBe(`…and ${50 - listed.length} more. Open them on the web page, in Letters for later.`);
  });
});

describe("/visit", () => {
  const visitAt = (iso: string, userId: string, options: APIApplicationCommandInteractionDataOption[] = []) =>
    slashCommandAt("visit", iso, userId, options);
  const visits = (db: ReturnType<typeof botOnTempDb>["db"]) =>
    db.$client.prepare("SELECT start_date, end_date, place FROM visits").all();

  it("plans the next visit; each partner's countdown is on their own calendar", async () => {
    const { client, db } = botOnTempDb();
    // 20:00 UTC on 23 November: already the 24th in India, still the 23rd in Florida.
    const now = "2026-11-23T20:00:00Z";
    expect(await dispatch(client, visitAt(now, alex.discordId))).toBe(
      "No visit planned yet: plan one with `/visit start: YYYY-MM-DD end: YYYY-MM-DD` or on the web page.",
    );
    expect(
      await dispatch(
        client,
        visitAt(now, alex.discordId, [str("start", "2026-12-18"), str("end", "2026-12-27"), str("place", "Lisbon")]),
      ),
    ).toBe("Planned: Fri 18 Dec to Sun 27 Dec in Lisbon.\n24 days until you're together (Fri 18 Dec, Lisbon) ✈️");
    expect(await dispatch(client, visitAt(now, sam.discordId))).toBe(
      "25 days until you're together (Fri 18 Dec, Lisbon) ✈️",
    );
    expect(visits(db)).toEqual([{ start_date: "2026-12-18", end_date: "2026-12-27", place: "Lisbon" }]);
    // A visit of one day says its day once.
    expect(await dispatch(client, visitAt(now, alex.discordId, [str("end", "2026-12-18")]))).toBe(
      "Moved: Fri 18 Dec in Lisbon.\n24 days until you're together (Fri 18 Dec, Lisbon) ✈️",
    );
  });

  it("moves the planned visit, says together during it and days apart after, and cancels", async () => {
    const { client, db } = botOnTempDb();
    await dispatch(
      client,
      visitAt("2026-11-23T12:00:00Z", sam.discordId, [str("start", "2026-12-18"), str("end", "2026-12-27")]),
    );
    expect(await dispatch(client, visitAt("2026-11-23T12:00:00Z", alex.discordId, [str("end", "2026-12-29")]))).toBe(
      "Moved: Fri 18 Dec to Tue 29 Dec.\n25 days until you're together (Fri 18 Dec) ✈️",
    );
    expect(await dispatch(client, visitAt("2026-12-20T12:00:00Z", sam.discordId))).toBe(
      "You're together now: day 3 of 12 (until Tue 29 Dec) 💞",
    );
    expect(await dispatch(client, visitAt("2027-01-08T12:00:00Z", sam.discordId))).toBe(
      "No visit planned yet: plan one with `/visit start: YYYY-MM-DD end: YYYY-MM-DD` or on the web page.\n10 days apart since Tue 29 Dec 2026.",
    );
    await dispatch(
      client,
      visitAt("2027-01-08T12:00:00Z", sam.discordId, [str("start", "2027-03-01"), str("end", "2027-03-03")]),
    );
    expect(
      await dispatch(
        client,
        visitAt("2027-01-08T12:00:00Z", alex.discordId, [
          { name: "cancel", type: ApplicationCommandOptionType.Boolean, value: true },
        ]),
      ),
    ).toBe("Cancelled your visit of Mon 1 Mar to Wed 3 Mar.");
    expect(visits(db)).toEqual([{ start_date: "2026-12-18", end_date: "2026-12-29", place: null }]);
  });

  it("logs a visit already lived beside the planned one, instead of moving the planned one into the past", async () => {
    const { client, db } = botOnTempDb();
    const now = "2026-11-23T12:00:00Z";
    await dispatch(
      client,
      visitAt(now, sam.discordId, [str("start", "2026-12-18"), str("end", "2026-12-27"), str("place", "Lisbon")]),
    );
    // Alex logs last summer's visit (the web's "log a visit already lived" does the same with these dates).
    const answer = await dispatch(
      client,
      visitAt(now, alex.discordId, [str("start", "2026-06-01"), str("end", "2026-06-10"), str("place", "Goa")]),
    );
    expect(answer).toMatch(/^Added a visit already lived: Mon 1 Jun to Wed 10 Jun in Goa\.\n/);
    expect(visits(db)).toEqual([
      { start_date: "2026-12-18", end_date: "2026-12-27", place: "Lisbon" },
      { start_date: "2026-06-01", end_date: "2026-06-10", place: "Goa" },
    ]);
  });

  it("refuses bad dates, naming the option, and writes nothing", async () => {
    const { client, db } = botOnTempDb();
    const now = "2026-11-23T12:00:00Z";
    expect(await dispatch(client, visitAt(now, alex.discordId, [str("start", "2026-12-18")]))).toBe(
      "Give both start and end (YYYY-MM-DD) to plan a visit.",
    );
    expect(
      await dispatch(client, visitAt(now, alex.discordId, [str("start", "18.12.2026"), str("end", "2026-12-20")])),
    ).toBe("start: must be a date as YYYY-MM-DD");
    expect(
      await dispatch(client, visitAt(now, alex.discordId, [str("start", "2026-12-18"), str("end", "2026-12-01")])),
    ).toBe("end: must be on or after start");
    expect(
      await dispatch(
        client,
        visitAt(now, alex.discordId, [{ name: "cancel", type: ApplicationCommandOptionType.Boolean, value: true }]),
      ),
    ).toBe("There is no visit planned to cancel.");
    expect(visits(db)).toEqual([]);
  });
});

describe("/help", () => {
  it("lists every command", async () => {
    const { client } = botOnTempDb();
    const answer = await dispatch(client, slashCommand("help", sam.discordId));
    // Each `/usage` in the help, as words: "/question add text" is ["question", "add", "text"].
    const usages = [...(answer ?? "").matchAll(/`\/([^`]+)`/g)].map((match) => match[1]!.split(" "));
    const listed = (words: string[]) => usages.some((usage) => words.every((word, i) => usage[i] === word));
    // Every registered command (and each of its subcommands), so a new one cannot be left out.
    for (const command of commands.filter((c) => c.data.name !== "help")) {
      const { name, options = [] } = command.data.toJSON() as {
        name: string;
        options?: { type: number; name: string }[];
      };
      const subcommands = options.filter((o) => o.type === ApplicationCommandOptionType.Subcommand).map((o) => o.name);
      for (const words of subcommands.length > 0 ? subcommands.map((sub) => [name, sub]) : [[name]]) {
        expect(listed(words), `the help lists /${words.join(" ")}`).toBe(true);
      }
    }
    for (const menu of messageMenuCommands) expect(answer).toContain(`"${menu.data.name}"`);
  });
});

describe("a failing command", () => {
  it("is answered with a private apology, leaves no orphan image, and the bot keeps going", async () => {
    const { client, db, context } = botOnTempDb();
    db.$client.exec("DROP TABLE memory_images");
    const image = attachment("a.png", "image/png", 10);
    const failing = memorySave(
      alex.discordId,
      [{ name: "image", type: ApplicationCommandOptionType.Attachment, value: image.id }, str("text", "x")],
      {
        attachments: { [image.id]: image },
      },
    );
    expect(await dispatch(client, failing)).toBe("Something went wrong with that command. Please try again.");
    expect(await dispatch(client, slashCommand("help", alex.discordId))).toContain("Spank Bank commands");
    expect(readdirSync(context.mediaDir)).toEqual([]);
  });
});
