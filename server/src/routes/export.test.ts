import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory } from "@spankbank/db/memories";
import { describe, expect, it } from "vitest";
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

describe("GET /api/export", () => {
  it("downloads the archive as an attachment to a signed-in partner, image inside", async () => {
    const test = await appWithPhoto();
    const reply = await test.app.inject({ url: "/api/export", headers: { cookie: sessionCookie(test, "alex") } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-disposition"]).toBe('attachment; filename="spankbank-export-2026-11-23.json"');
    expect(reply.headers["cache-control"]).toBe("no-store");
    const archive = reply.json();
    expect(archive.format).toBe("spankbank-export");
    expect(archive.exportedAt).toBe("2026-11-23T10:00:00.000Z");
    expect(archive.tables.memories.map((m: { message: string }) => m.message)).toContain("Our first kiss");
    expect(Buffer.from(archive.media[0].base64, "base64").equals(gif)).toBe(true);
  });

  it("is refused signed out, with nothing of the data", async () => {
    const test = await appWithPhoto();
    const reply = await test.app.inject({ url: "/api/export" });
    expect(reply.statusCode).toBe(401);
    expect(reply.body).not.toContain("Our first kiss");
    expect(reply.headers["content-disposition"]).toBeUndefined();
  });
});
