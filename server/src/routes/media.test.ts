import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory, deleteMemories } from "@spankbank/db/memories";
import { purgeTrash } from "@spankbank/db/memoryTrash";
import { oggOpusVoiceNote } from "@spankbank/db/test/tinyMedia";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary");

async function memoryWithImage(storedSize = gif.length) {
  const test = await buildTestApp();
  const folder = mediaFolder(test.db);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "kiss.gif"), gif);
  const memory = addMemory(test.db, {
    userId: userIdOf(test.db, "sam"),
    message: "Our first kiss",
    images: [{ fileName: "kiss.gif", contentType: "image/gif", size: storedSize }],
  });
  const imageId = (test.db.$client.prepare("SELECT id FROM memory_images").get() as { id: number }).id;
  return { ...test, memory, imageId, folder };
}

describe("GET /api/media/{id}", () => {
  it("serves a memory's image to a signed-in partner with its content type", async () => {
    const test = await memoryWithImage();
    const reply = await test.app.inject({
      url: `/api/media/${test.imageId}`,
      headers: { cookie: sessionCookie(test, "alex") },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("image/gif");
    expect(reply.rawPayload.equals(gif)).toBe(true);
  });

  // A wrong stored size once became the Content-Length: the answer was cut short or never ended.
  it.each([
    ["larger", gif.length + 100],
    ["smaller", 4],
  ])("serves the whole file over a real socket when the stored size is %s than the file", async (_, storedSize) => {
    const test = await memoryWithImage(storedSize);
    const origin = await test.app.listen({ port: 0, host: "127.0.0.1" });
    const reply = await fetch(`${origin}/api/media/${test.imageId}`, {
      headers: { cookie: sessionCookie(test, "alex") },
      signal: AbortSignal.timeout(10_000),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-length")).toBe(String(gif.length));
    expect(Buffer.from(await reply.arrayBuffer()).equals(gif)).toBe(true);
    // fetch keeps the connection alive, which would hold the app's close.
    test.app.server.closeAllConnections();
  });

  // A restore over a lost database gives the ids handed out after its backup again; a browser keeps
  // each image a year under its address.
  it("answers an address given for another file with 404: a photo whose id was given again is never shown as the old one", async () => {
    const test = await memoryWithImage();
    const get = (url: string) => test.app.inject({ url, headers: { cookie: sessionCookie(test, "alex") } });
    const [shown] = (await get("/api/memories")).json()[0].images;
    const kept = await get(shown.url);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers["cache-control"]).toBe("private, max-age=31536000, immutable");

    // The photo posted after the backup is gone with the database; the next one gets its id.
    test.db.$client.exec(
      "DELETE FROM memory_images; UPDATE sqlite_sequence SET seq = seq - 1 WHERE name = 'memory_images'",
    );
    writeFileSync(join(test.folder, "beach.gif"), gif);
    addMemory(test.db, {
      userId: userIdOf(test.db, "alex"),
      message: "At the beach",
      images: [{ fileName: "beach.gif", contentType: "image/gif", size: gif.length }],
    });
    const [now] = (await get("/api/memories")).json()[0].images;
    expect(now.id).toBe(shown.id);
    expect(now.url).not.toBe(shown.url);
    expect((await get(shown.url)).statusCode).toBe(404);
    expect((await get(now.url)).statusCode).toBe(200);
    // An address from before addresses named their file is checked again on each use.
    expect((await get(`/api/media/${now.id}`)).headers["cache-control"]).toBe("private, no-cache");
  });

  it("is refused signed out", async () => {
    const test = await memoryWithImage();
    expect((await test.app.inject({ url: `/api/media/${test.imageId}` })).statusCode).toBe(401);
  });

  it("answers 404 for an unknown id, a purged memory's image or a missing file, and 400 for a path", async () => {
    const test = await memoryWithImage();
    const get = (url: string) => test.app.inject({ url, headers: { cookie: sessionCookie(test, "sam") } });
    expect((await get(`/api/media/${test.imageId + 1}`)).statusCode).toBe(404);
    expect((await get("/api/media/..%2F..%2Ftest.db")).statusCode).toBe(400);
    expect((await get("/api/media/1.gif")).statusCode).toBe(400);
    // In the trash, the photo is shown there, to be restored.
    deleteMemories(test.db, [test.memory.id], new Date("2026-11-01T10:00:00Z"));
    expect((await get(`/api/media/${test.imageId}`)).statusCode).toBe(200);
    purgeTrash(test.db, new Date("2026-12-15T10:00:00Z"));
    expect((await get(`/api/media/${test.imageId}`)).json().message).toBe(`No image with id ${test.imageId}`);
    writeFileSync(join(test.folder, "kiss.gif"), gif);
    const again = await memoryWithImage();
    rmSync(join(again.folder, "kiss.gif"));
    expect(
      (await again.app.inject({ url: `/api/media/${again.imageId}`, headers: { cookie: sessionCookie(again, "sam") } }))
        .statusCode,
    ).toBe(404);
  });
});

describe("GET /api/media/{id} of a voice message, in ranges", () => {
  const ogg = oggOpusVoiceNote(3);

  async function memoryWithVoiceNote() {
    const test = await buildTestApp();
    const folder = mediaFolder(test.db);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "hello.ogg"), ogg);
    addMemory(test.db, {
      userId: userIdOf(test.db, "sam"),
      message: "",
      images: [{ fileName: "hello.ogg", contentType: "audio/ogg", size: ogg.length }],
    });
    const id = (test.db.$client.prepare("SELECT id FROM memory_images").get() as { id: number }).id;
    const get = (range?: string, cookie = sessionCookie(test, "alex")) =>
      test.app.inject({ url: `/api/media/${id}`, headers: { cookie, ...(range && { range }) } });
    return { ...test, get };
  }

  it("serves the whole file, saying it takes ranges", async () => {
    const { get } = await memoryWithVoiceNote();
    const reply = await get();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers).toMatchObject({
      "content-type": "audio/ogg",
      "accept-ranges": "bytes",
      "content-length": String(ogg.length),
    });
    expect(reply.rawPayload.equals(ogg)).toBe(true);
  });

  it("answers a range with 206 and exactly those bytes, from the start, the middle or the end", async () => {
    const { get } = await memoryWithVoiceNote();
    for (const [range, start, end] of [
      ["bytes=0-99", 0, 99],
      ["bytes=100-163", 100, 163],
      ["bytes=-60", ogg.length - 60, ogg.length - 1],
      [`bytes=${ogg.length - 10}-`, ogg.length - 10, ogg.length - 1],
    ] as const) {
      const reply = await get(range);
      expect(reply.statusCode, range).toBe(206);
      expect(reply.headers["content-range"], range).toBe(`bytes ${start}-${end}/${ogg.length}`);
      expect(reply.headers["content-length"], range).toBe(String(end - start + 1));
      expect(reply.headers["content-type"], range).toBe("audio/ogg");
      expect(reply.rawPayload.equals(ogg.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it("answers 416 with the file's length for a range outside it, and the whole file for a range it cannot read", async () => {
    const { get } = await memoryWithVoiceNote();
    const outside = await get(`bytes=${ogg.length}-`);
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${ogg.length}`);
    expect(outside.json().message).toBe("headers.range: not within the file");
    // RFC 9110: a Range header that is not bytes=... is ignored, and the whole file sent.
    const garbled = await get("lines=1-2");
    expect(garbled.statusCode).toBe(200);
    expect(garbled.rawPayload.equals(ogg)).toBe(true);
  });

  // RFC 9110 14.1.3: a suffix longer than the file is the whole file. A player reading a short
  // voice note's end asks for its last N bytes, N larger than the note.
  it("answers a suffix range longer than the file with the whole file, not 416", async () => {
    const { get } = await memoryWithVoiceNote();
    const reply = await get(`bytes=-${ogg.length + 1000}`);
    expect(reply.statusCode).toBe(206);
    expect(reply.headers["content-range"]).toBe(`bytes 0-${ogg.length - 1}/${ogg.length}`);
    expect(reply.rawPayload.equals(ogg)).toBe(true);
  });

  // RFC 9110 14.1.1: a range whose last byte is before its first, or none at all, cannot be read: ignored.
  it.each(["bytes=5-2", "bytes=abc", "bytes="])(
    "ignores the unreadable range %s and sends the whole file",
    async (range) => {
      const { get } = await memoryWithVoiceNote();
      const reply = await get(range);
      expect(reply.statusCode, range).toBe(200);
      expect(reply.rawPayload.equals(ogg), range).toBe(true);
    },
  );

  it("is refused signed out, with or without a range", async () => {
    const { get } = await memoryWithVoiceNote();
    expect((await get(undefined, "")).statusCode).toBe(401);
    expect((await get("bytes=0-99", "")).statusCode).toBe(401);
  });
});

describe("memories on the wire", () => {
  it("carry their images as media links, and leave them out when there are none", async () => {
    const test = await memoryWithImage();
    addMemory(test.db, { userId: userIdOf(test.db, "alex"), message: "No photo", createdAt: new Date("2020-01-01") });
    const reply = await test.app.inject({ url: "/api/memories", headers: { cookie: sessionCookie(test, "alex") } });
    const [withImage, without] = reply.json();
    expect(withImage.images).toEqual([
      { id: test.imageId, url: `/api/media/${test.imageId}?v=kiss.gif`, contentType: "image/gif" },
    ]);
    expect(without).not.toHaveProperty("images");
  });
});
