import { join } from "node:path";
import { expect } from "@playwright/test";
import { type Db, openDb } from "@spankbank/db/client";
import { alex, botWorld, GUILD, MEMORIES, partnerMessage, sam, until } from "./discord/botWorld";
import type { DiscordStandIn } from "./discord/standIn";
import { test } from "./test";

/**
 * The built bot process against the Discord stand-in, stopped the ways a server stops it: a
 * deploy's SIGTERM and a crash's SIGKILL, in the middle of its work. Nothing a partner posted
 * is lost or saved twice.
 */

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(300, 3)]);

/** The memories in the bot's database: each one's Discord message and how many images it keeps. */
function memoriesIn(db: Db): { messageId: string; images: number }[] {
  return db.$client
    .prepare(
      `SELECT discord_message_id AS messageId,
         (SELECT count(*) FROM memory_images i WHERE i.memory_id = m.id) AS images
       FROM memories m WHERE discord_message_id IS NOT NULL`,
    )
    .all() as { messageId: string; images: number }[];
}

/** The bot's database, opened as a second process would (once the bot created it). */
const databaseIn = (dir: string) => openDb(join(dir, "spankbank.db"));

/** A photo the stand-in's CDN serves. */
function photo(standIn: DiscordStandIn, name: string) {
  standIn.files.set(`/attachments/${name}`, { bytes: PNG, contentType: "image/png" });
  return {
    id: standIn.snowflake(),
    filename: name,
    size: PNG.length,
    url: `${standIn.baseUrl}/attachments/${name}`,
    proxy_url: `${standIn.baseUrl}/attachments/${name}`,
    content_type: "image/png",
  };
}

/** How often the bot registered its commands in the couple's server. */
const registrations = (standIn: DiscordStandIn) =>
  standIn.requests.filter((r) => r.method === "PUT" && r.path.endsWith(`/guilds/${GUILD}/commands`)).length;

/** The reactions the bot put on a message. */
const reactionsOn = (standIn: DiscordStandIn, messageId: string) =>
  standIn.requests.filter((r) => r.method === "PUT" && r.path.includes(`/messages/${messageId}/reactions/`)).length;

test("a deploy's SIGTERM lets the photo downloading finish: the memory and its photo are kept, once", async () => {
  // A budget for a loaded machine, not an expectation.
  test.setTimeout(180_000);
  const { dir, standIn, startBot, stopBot, tearDown } = await botWorld({ memoriesChannelId: MEMORIES });
  let db: Db | undefined;
  try {
    const bot = await startBot();
    db = databaseIn(dir);
    const sunrise = photo(standIn, "sunrise.png");
    let release = () => {};
    standIn.heldFiles.set("/attachments/sunrise.png", new Promise<void>((resolve) => (release = resolve)));
    const withPhoto = partnerMessage(MEMORIES, alex.discordId, "Sunrise on the ridge", [sunrise]);
    standIn.postMessage(withPhoto);
    await until("the photo's download began", () => standIn.fileRequests.includes("/attachments/sunrise.png"));
    const text = partnerMessage(MEMORIES, sam.discordId, "Coffee on the porch");
    standIn.postMessage(text);
    await until("the later text saved", () => reactionsOn(standIn, text.id) === 1);

    const exited = new Promise((resolve) => bot.child.once("exit", resolve));
    bot.child.kill("SIGTERM");
    await until(
      "the bot waits for the download, or exits",
      () => bot.output().includes("Stopping:") || bot.child.exitCode !== null,
    );
    release();
    await exited;
    expect(memoriesIn(db).sort((a, b) => a.messageId.localeCompare(b.messageId))).toEqual([
      { messageId: withPhoto.id, images: 1 },
      { messageId: text.id, images: 0 },
    ]);
    expect(bot.output()).toContain("Stopping: finishing the messages in progress.");
    expect(bot.output()).not.toContain("unfinished");

    // The next start reads the channel again and makes nothing twice. Meanwhile the commands were
    // deleted on Discord's side: that start registers them again.
    standIn.deleteCommands(GUILD);
    const reads = standIn.historyPages.length;
    const again = await startBot();
    await until("the next catch-up", () => standIn.historyPages.length > reads);
    await until("the commands registered again", () => registrations(standIn) === 2);
    await stopBot(again.child);
    expect(memoriesIn(db)).toHaveLength(2);
    expect(reactionsOn(standIn, withPhoto.id)).toBe(1);
  } finally {
    db?.$client.close();
    await tearDown();
  }
});

test("a restart at any moment of a 500-message catch-up loses no memory and saves none twice", async () => {
  // About 20 s on a busy 2-core machine; the margin is for a noisier one.
  test.setTimeout(180_000);
  const { dir, standIn, startBot, stopBot, tearDown } = await botWorld({ memoriesChannelId: MEMORIES });
  let db: Db | undefined;
  try {
    const first = await startBot();
    const opened = databaseIn(dir);
    db = opened;
    await until("the first start read the empty channel", () => standIn.historyPages.length > 0);
    expect(first.output()).toContain(`First start in channel ${MEMORIES}: reading its latest 100 messages`);
    await stopBot(first.child);

    // While the bot is stopped: 500 memories, every tenth with a photo.
    const posted: string[] = [];
    for (let i = 0; i < 500; i++) {
      const attachments = i % 10 === 0 ? [photo(standIn, `away-${i}.png`)] : [];
      const message = partnerMessage(MEMORIES, (i % 2 ? alex : sam).discordId, `Away ${i}`, attachments);
      standIn.postMessage(message);
      posted.push(message.id);
    }
    // A history read shorter than a page (100) is the catch-up's last.
    const lastPageRead = (since: number) => standIn.historyPages.slice(since).some((page) => page.size < 100);

    // Stopped three times in the middle of the catch-up (a crash, a deploy, a crash), each time
    // after a partner posted a new message that the bot saved at once.
    for (const [at, signal] of [
      [80, "SIGKILL"],
      [220, "SIGTERM"],
      [360, "SIGKILL"],
    ] as const) {
      const since = standIn.historyPages.length;
      const bot = await startBot();
      await until(`${at} memories`, () => memoriesIn(opened).length >= at || lastPageRead(since));
      const live = partnerMessage(MEMORIES, sam.discordId, `Posted during the catch-up (${at})`);
      standIn.postMessage(live);
      posted.push(live.id);
      await until("the new message saved", () => reactionsOn(standIn, live.id) === 1);
      await stopBot(bot.child, signal);
    }
    const since = standIn.historyPages.length;
    const last = await startBot();
    // Done: every memory there, or the pass over (it logs what it read, or read nothing).
    await until(
      "every memory, or the catch-up done",
      () =>
        memoriesIn(opened).length >= posted.length ||
        last.output().includes("Caught up on") ||
        standIn.historyPages.slice(since).some((page) => page.size === 0),
    );
    await stopBot(last.child);

    const memories = memoriesIn(opened);
    const saved = new Set(memories.map((m) => m.messageId));
    const lost = posted.filter((id) => !saved.has(id)).length;
    const savedTwice = memories.length - saved.size;
    const acknowledgedTwice = posted.filter((id) => reactionsOn(standIn, id) > 1).length;
    console.log(
      `500-message catch-up, restarted 3 times: ${lost} lost, ${savedTwice} saved twice, ${acknowledgedTwice} acknowledged twice.`,
    );
    expect({ lost, savedTwice, acknowledgedTwice }).toEqual({ lost: 0, savedTwice: 0, acknowledgedTwice: 0 });
    expect(memories.filter((m) => m.images === 1)).toHaveLength(50);
  } finally {
    db?.$client.close();
    await tearDown();
  }
});
