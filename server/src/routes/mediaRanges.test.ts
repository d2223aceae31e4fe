import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory } from "@spankbank/db/memories";
import { oggOpusVoiceNote } from "@spankbank/db/test/tinyMedia";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const ogg = oggOpusVoiceNote(3);

async function voiceNote() {
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
  const get = (range: string) =>
    test.app.inject({ url: `/api/media/${id}`, headers: { cookie: sessionCookie(test, "alex"), range } });
  return { get };
}

describe("GET /api/media/{id}: ranges a player may send (RFC 9110 section 14)", () => {
  // RFC 9110 14.1.3: "If the selected representation is shorter than the specified suffix-length,
  // the entire representation is used." A player reading a short voice note's end asks for its
  // last N bytes with N larger than the note: it must get the whole note (206), not a 416.
  it("answers a suffix range longer than the file with the whole file, not 416", async () => {
    const { get } = await voiceNote();
    const reply = await get(`bytes=-${ogg.length + 1000}`);
    expect(reply.statusCode).toBe(206);
    expect(reply.headers["content-range"]).toBe(`bytes 0-${ogg.length - 1}/${ogg.length}`);
    expect(reply.rawPayload.equals(ogg)).toBe(true);
  });

  // RFC 9110 14.1.1: a byte-range-spec whose last-pos is before its first-pos is invalid, and a
  // Range the server cannot read is ignored (the route's own test: "the whole file for a range it
  // cannot read"). 416 is only for ranges that are valid but outside the file.
  it.each(["bytes=5-2", "bytes=abc", "bytes="])(
    "ignores the unreadable range %s and sends the whole file",
    async (range) => {
      const { get } = await voiceNote();
      const reply = await get(range);
      expect(reply.statusCode, range).toBe(200);
      expect(reply.rawPayload.equals(ogg), range).toBe(true);
    },
  );
});
