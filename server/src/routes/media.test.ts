import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory, deleteMemories } from "@spankbank/db/memories";
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

  it("is refused signed out", async () => {
    const test = await memoryWithImage();
    expect((await test.app.inject({ url: `/api/media/${test.imageId}` })).statusCode).toBe(401);
  });

  it("answers 404 for an unknown id, a deleted memory's image or a missing file, and 400 for a path", async () => {
    const test = await memoryWithImage();
    const get = (url: string) => test.app.inject({ url, headers: { cookie: sessionCookie(test, "sam") } });
    expect((await get(`/api/media/${test.imageId + 1}`)).statusCode).toBe(404);
    expect((await get("/api/media/..%2F..%2Ftest.db")).statusCode).toBe(400);
    expect((await get("/api/media/1.gif")).statusCode).toBe(400);
    rmSync(join(test.folder, "kiss.gif"));
    expect((await get(`/api/media/${test.imageId}`)).statusCode).toBe(404);
    deleteMemories(test.db, [test.memory.id]);
    expect((await get(`/api/media/${test.imageId}`)).json().message).toBe(`No image with id ${test.imageId}`);
  });
});

describe("memories on the wire", () => {
  it("carry their images as media links, and leave them out when there are none", async () => {
    const test = await memoryWithImage();
    addMemory(test.db, { userId: userIdOf(test.db, "alex"), message: "No photo", createdAt: new Date("2020-01-01") });
    const reply = await test.app.inject({ url: "/api/memories", headers: { cookie: sessionCookie(test, "alex") } });
    const [withImage, without] = reply.json();
    expect(withImage.images).toEqual([
      { id: test.imageId, url: `/api/media/${test.imageId}`, contentType: "image/gif" },
    ]);
    expect(without).not.toHaveProperty("images");
  });
});
