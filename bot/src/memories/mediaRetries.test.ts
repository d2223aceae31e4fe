import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deleteMemories, listMemories } from "@spankbank/db/memories";
import { purgeTrash } from "@spankbank/db/memoryTrash";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { ApplicationCommandOptionType } from "discord.js";
import { describe, expect, it } from "vitest";
import {
  attachment,
  botOnTempDb,
  dispatch,
  fileBytes,
  files,
  forward,
  gateway,
  history,
  MEMORIES_CHANNEL,
  memorySave,
  message,
  posted,
  reactions,
  until,
} from "../test/discord.js";
import { removePartialDownloads, retryMissingImages } from "./mediaRetries.js";

const [alex, sam] = demoCouple.partners;
const pathOf = (url: string) => new URL(url).pathname;
const images = (db: ReturnType<typeof botOnTempDb>["db"]) =>
  db.$client.prepare("SELECT memory_id, content_type, size FROM memory_images ORDER BY id").all();

describe("an image that fails to arrive", () => {
  it("keeps the memory, its text and the images that arrived, tells the author which file is missing, and adds it later", async () => {
    const { client, db, context } = botOnTempDb();
    const arrived = attachment("pier.png", "image/png", 300);
    const unavailable = attachment("boat.jpg", "image/jpeg", 400, 503);
    const gone = attachment("gulls.webp", "image/webp", 500, 404);
    const sent = message({
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      content: "Day at the harbour",
      attachments: [arrived, unavailable, gone],
    });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => posted.length === 1);
    expect(listMemories(db)).toMatchObject([{ message: "Day at the harbour", username: "alex_d" }]);
    expect(reactions).toEqual([`${MEMORIES_CHANNEL}/${sent.id}/💞`]);
    expect(posted[0]!.body).toMatchObject({
      content:
        "Discord did not give me boat.jpg, gulls.webp yet: the memory is saved, and I will add them when they arrive.",
      message_reference: { message_id: sent.id },
    });
    expect(images(db)).toEqual([{ memory_id: 1, content_type: "image/png", size: 300 }]);

    // Still failing: nothing changes, and the wait before the next try grows.
    expect(await retryMissingImages(context)).toBe(0);
    expect(await retryMissingImages(context)).toBe(0);
    // Discord serves them again; their time has come.
    files.set(pathOf(unavailable.url), fileBytes("image/jpeg", 400));
    files.set(pathOf(gone.url), fileBytes("image/webp", 500));
    db.$client.exec("UPDATE media_outbox SET next_attempt_at = NULL");
    expect(await retryMissingImages(context)).toBe(2);
    expect(await retryMissingImages(context)).toBe(0);
    expect(images(db)).toEqual([
      { memory_id: 1, content_type: "image/png", size: 300 },
      { memory_id: 1, content_type: "image/jpeg", size: 400 },
      { memory_id: 1, content_type: "image/webp", size: 500 },
    ]);
    expect(readdirSync(context.mediaDir).filter((name) => !name.startsWith("."))).toHaveLength(3);
  });

  it("/memory keeps the text and says the image will follow", async () => {
    const { client, db, context } = botOnTempDb();
    const image = attachment("us.png", "image/png", 100, 503);
    const answer = await dispatch(
      client,
      memorySave(
        sam.discordId,
        [
          { name: "image", type: ApplicationCommandOptionType.Attachment, value: image.id },
          { name: "text", type: ApplicationCommandOptionType.String, value: "Rainy Sunday" },
        ],
        { attachments: { [image.id]: image } },
      ),
    );
    expect(answer).toBe(
      "Saved as a memory 💞 Discord did not give me us.png yet: the memory is saved, and I will add it when it arrives.",
    );
    expect(listMemories(db)).toMatchObject([{ message: "Rainy Sunday" }]);
    files.set(pathOf(image.url), fileBytes("image/png", 100));
    expect(await retryMissingImages(context)).toBe(1);
    expect(images(db)).toEqual([{ memory_id: 1, content_type: "image/png", size: 100 }]);
  });

  it("gives up on a file that turns out not to be an image, leaving the memory as it is", async () => {
    const { client, db, context } = botOnTempDb();
    const image = attachment("fake.png", "image/png", 100, 503);
    gateway(
      client,
      "MESSAGE_CREATE",
      message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "Hm", attachments: [image] }),
    );
    await until(() => posted.length === 1);
    files.set(pathOf(image.url), fileBytes(undefined, 100));
    expect(await retryMissingImages(context)).toBe(0);
    expect(db.$client.prepare("SELECT gave_up_at IS NOT NULL AS gaveUp FROM media_outbox").all()).toEqual([
      { gaveUp: 1 },
    ]);
    expect(images(db)).toEqual([]);
    expect(listMemories(db)).toHaveLength(1);
  });

  it("reads a fresh link from the memory's Discord message once the stored one has expired, so a bot away for days keeps the image", async () => {
    const { client, db, context } = botOnTempDb();
    const image = attachment("sunset.png", "image/png", 300, 503);
    const sent = message({
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      content: "Sunset",
      attachments: [image],
    });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => posted.length === 1);
    // Days later: the stored signed link is dead; the message itself carries a newly signed one.
    files.set(pathOf(image.url), 404);
    const fresh = `${image.url}?ex=fresh`;
    files.set(`${pathOf(image.url)}?ex=fresh`, fileBytes("image/png", 300));
    history.set(MEMORIES_CHANNEL, [{ ...sent, attachments: [{ ...image, url: fresh }] }]);

    expect(await retryMissingImages(context, client)).toBe(1);
    expect(images(db)).toEqual([{ memory_id: 1, content_type: "image/png", size: 300 }]);
    expect(db.$client.prepare("SELECT url, done_at IS NOT NULL AS done FROM media_outbox").all()).toEqual([
      { url: fresh, done: 1 },
    ]);
  });

  it("reads a fresh link to a forwarded photo from the forward's snapshot", async () => {
    const { client, db, context } = botOnTempDb();
    const image = attachment("sunset.png", "image/png", 300, 503);
    const sent = forward({
      channelId: MEMORIES_CHANNEL,
      authorId: alex.discordId,
      of: message({ authorId: sam.discordId, content: "Sunset", attachments: [image] }),
    });
    gateway(client, "MESSAGE_CREATE", sent);
    await until(() => posted.length === 1);
    // Days later: the stored signed link is dead; the forward's snapshot carries a newly signed one.
    files.set(pathOf(image.url), 404);
    const fresh = `${image.url}?ex=fresh`;
    files.set(`${pathOf(image.url)}?ex=fresh`, fileBytes("image/png", 300));
    const [snapshot] = sent.message_snapshots!;
    const readAgain = { ...snapshot!.message, attachments: [{ ...image, url: fresh }] };
    history.set(MEMORIES_CHANNEL, [{ ...sent, message_snapshots: [{ message: readAgain }] }]);

    expect(await retryMissingImages(context, client)).toBe(1);
    expect(images(db)).toEqual([{ memory_id: 1, content_type: "image/png", size: 300 }]);
  });

  it("asks Discord to sign a /memory image's link again (it has no message to read back)", async () => {
    const { client, db, context } = botOnTempDb();
    const image = attachment("us.png", "image/png", 100, 503);
    await dispatch(
      client,
      memorySave(
        sam.discordId,
        [
          { name: "image", type: ApplicationCommandOptionType.Attachment, value: image.id },
          { name: "text", type: ApplicationCommandOptionType.String, value: "Late call" },
        ],
        { attachments: { [image.id]: image } },
      ),
    );
    files.set(pathOf(image.url), 404);
    files.set(`${pathOf(image.url)}?ex=renewed`, fileBytes("image/png", 100));
    expect(await retryMissingImages(context, client)).toBe(1);
    expect(images(db)).toEqual([{ memory_id: 1, content_type: "image/png", size: 100 }]);
  });

  it("gives up on an image whose Discord message is gone, keeping the memory", async () => {
    const { client, db, context } = botOnTempDb();
    const image = attachment("gone.png", "image/png", 100, 503);
    gateway(
      client,
      "MESSAGE_CREATE",
      message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "Still here", attachments: [image] }),
    );
    await until(() => posted.length === 1);
    // `history` is empty: Discord answers 10008 Unknown Message.
    expect(await retryMissingImages(context, client)).toBe(0);
    expect(db.$client.prepare("SELECT gave_up_at IS NOT NULL AS gaveUp FROM media_outbox").all()).toEqual([
      { gaveUp: 1 },
    ]);
    expect(listMemories(db)).toMatchObject([{ message: "Still here" }]);
  });
});

describe("a bot stopped mid-download", () => {
  it("removes an image that arrives after its memory was purged from the trash: no row names it", async () => {
    const { client, db, context } = botOnTempDb();
    const late = attachment("sunset.png", "image/png", 300, 503);
    gateway(
      client,
      "MESSAGE_CREATE",
      message({ channelId: MEMORIES_CHANNEL, authorId: alex.discordId, content: "Sunset", attachments: [late] }),
    );
    await until(() => posted.length === 1);
    // Discord serves it again, while the memory, deleted on the web a month ago, is purged for good.
    files.set(pathOf(late.url), fileBytes("image/png", 300));
    const serve = files.get.bind(files);
    files.get = (path) => {
      if (path === pathOf(late.url)) {
        deleteMemories(db, [listMemories(db)[0]!.id]);
        purgeTrash(db, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
      }
      return serve(path);
    };
    try {
      db.$client.exec("UPDATE media_outbox SET next_attempt_at = NULL");
      expect(await retryMissingImages(context)).toBe(0);
    } finally {
      files.get = serve;
    }
    expect(listMemories(db)).toEqual([]);
    expect(readdirSync(context.mediaDir)).toEqual([]);
  });

  it("leaves half-written files that the next start removes, and only those", () => {
    const { context } = botOnTempDb();
    mkdirSync(context.mediaDir, { recursive: true });
    writeFileSync(join(context.mediaDir, ".partial-3f2a"), "half an image");
    writeFileSync(join(context.mediaDir, "kept.png"), "an image");
    expect(removePartialDownloads(context.mediaDir)).toBe(1);
    expect(existsSync(join(context.mediaDir, ".partial-3f2a"))).toBe(false);
    expect(existsSync(join(context.mediaDir, "kept.png"))).toBe(true);
  });
});
