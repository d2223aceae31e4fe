import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory } from "@spankbank/db/memories";
import { describe, expect, it, onTestFinished } from "vitest";
import yauzl from "yauzl";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary");

async function appWithPhoto() {
  const test = await buildTestApp({ now: () => new Date("2026-11-23T10:00:00Z") });
  mkdirSync(mediaFolder(test.db), { recursive: true });
  writeFileSync(join(mediaFolder(test.db), "kiss.gif"), gif);
  addMemory(test.db, {
    userId: userIdOf(test.db, "sam"),
    message: "Our first kiss",
    images: [{ fileName: "kiss.gif", contentType: "image/gif", size: gif.length }],
  });
  return test;
}

/** Each file of a zip by its name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry())
    files.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return files;
}

describe("GET /api/export", () => {
  it("downloads the zip as an attachment of a known length to a signed-in partner, image inside", async () => {
    const test = await appWithPhoto();
    const reply = await test.app.inject({
      url: "/api/export",
      headers: { cookie: sessionCookie(test, "alex"), "accept-encoding": "br, gzip" },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/zip");
    expect(reply.headers["content-disposition"]).toBe('attachment; filename="spankbank-export-2026-11-23.zip"');
    expect(reply.headers["cache-control"]).toBe("no-store");
    // The browser shows the download's progress from its length: sent as it is, not compressed again.
    expect(reply.headers["content-encoding"]).toBeUndefined();
    expect(reply.headers["content-length"]).toBe(String(reply.rawPayload.length));

    const files = await unzip(reply.rawPayload);
    expect(files.get("media/kiss.gif")?.equals(gif)).toBe(true);
    const archive = JSON.parse(files.get("spankbank-export.json")!.toString("utf8"));
    expect(archive.format).toBe("spankbank-export");
    expect(archive.exportedAt).toBe("2026-11-23T10:00:00.000Z");
    expect(archive.downloadedBy).toBe("alex");
    expect(archive.tables.memories.map((m: { message: string }) => m.message)).toContain("Our first kiss");
  });

  it("is refused signed out, with nothing of the data", async () => {
    const test = await appWithPhoto();
    for (const method of ["GET", "HEAD"] as const) {
      const reply = await test.app.inject({ method, url: "/api/export" });
      expect(reply.statusCode, method).toBe(401);
      expect(reply.body).not.toContain("Our first kiss");
      expect(reply.headers["content-disposition"]).toBeUndefined();
    }
  });

  it("says about how large the download is, to a signed-in partner only: its photos counted, within a tenth of the zip", async () => {
    const test = await appWithPhoto();
    const photo = Buffer.alloc(10_000_000, 7);
    writeFileSync(join(mediaFolder(test.db), "beach.jpg"), photo);
    const images = [{ fileName: "beach.jpg", contentType: "image/jpeg", size: photo.length }];
    addMemory(test.db, { userId: userIdOf(test.db, "alex"), message: "The beach", images });
    expect((await test.app.inject({ url: "/api/export/size" })).statusCode).toBe(401);
    const cookie = sessionCookie(test, "alex");
    const size = await test.app.inject({ url: "/api/export/size", headers: { cookie } });
    expect(size.statusCode).toBe(200);
    const zip = await test.app.inject({ url: "/api/export", headers: { cookie } });
    const ratio = size.json().about_bytes / zip.rawPayload.length;
    expect(ratio).toBeGreaterThan(0.9);
    expect(ratio).toBeLessThan(1.1);
  });

  it("answers HEAD from the headers alone, building nothing: it reads no table", async () => {
    const test = await appWithPhoto();
    const cookie = sessionCookie(test, "alex");
    // A table the archive reads is gone: building the archive can only fail.
    test.db.$client.exec('ALTER TABLE "memories" RENAME TO "memories_elsewhere"');

    const head = await test.app.inject({ method: "HEAD", url: "/api/export", headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("application/zip");
    expect(head.headers["content-disposition"]).toBe('attachment; filename="spankbank-export-2026-11-23.zip"');
    expect(head.body).toBe("");
    expect((await test.app.inject({ url: "/api/export", headers: { cookie } })).statusCode).toBe(500);
  });

  it("lets go of the database's snapshot when a partner abandons the download half-way (a real socket)", async () => {
    const test = await appWithPhoto();
    // A video far larger than the socket's buffers: the download is still on its way when abandoned.
    const video = Buffer.alloc(32 * 1024 * 1024, 7);
    writeFileSync(join(mediaFolder(test.db), "our-song.mp4"), video);
    addMemory(test.db, {
      userId: userIdOf(test.db, "alex"),
      message: "Our song",
      images: [{ fileName: "our-song.mp4", contentType: "video/mp4", size: video.length }],
    });
    await test.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = test.app.server.address() as AddressInfo;
    const checkpoint = () =>
      (test.db.$client.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[])[0]!;

    const download = request({ port, path: "/api/export", headers: { cookie: sessionCookie(test, "alex") } });
    onTestFinished(() => void download.destroy());
    const response = await new Promise<import("node:http").IncomingMessage>((resolve) => {
      download.on("response", resolve).end();
    });
    expect(response.statusCode).toBe(200);
    // A memory posted while the download runs: the download's snapshot keeps the WAL from being copied past it.
    addMemory(test.db, { userId: userIdOf(test.db, "sam"), message: "Posted during the download" });
    const held = checkpoint();
    expect(held.checkpointed).toBeLessThan(held.log);

    download.destroy();
    await expect
      .poll(() => {
        const after = checkpoint();
        return after.checkpointed === after.log;
      })
      .toBe(true);
  });
});
