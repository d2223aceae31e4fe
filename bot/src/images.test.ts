import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { delay, HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { DownloadFailure, downloadImage, missingNote, refusedNote } from "./images.js";
import { bigFiles, discord, fileBytes } from "./test/discord.js";

const MiB = 1024 * 1024;
const freshDir = () => mkdtempSync(join(tmpdir(), "spankbank-media-"));
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the download to fail");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(DownloadFailure);
      return error as DownloadFailure;
    },
  );

describe("downloading an image", () => {
  it("reads only Discord's CDN over https, not another host or plain http, without asking them anything", async () => {
    const asked: string[] = [];
    discord.use(
      http.get("*", ({ request }) => {
        asked.push(request.url);
        return new HttpResponse(fileBytes("image/png", 10));
      }),
    );
    for (const url of [
      "https://example.com/a.png",
      "http://cdn.discordapp.com/attachments/1/2/a.png",
      "https://cdn.discordapp.com.evil.example/a.png",
      "http://127.0.0.1:9/a.png",
    ]) {
      const failure = await failureOf(
        downloadImage({ name: "a.png", url, contentType: "image/png", size: 10 }, freshDir(), { maxBytes: MiB }),
      );
      expect(failure.retry).toBe(false);
    }
    expect(asked).toEqual([]);
  });

  it("reads a stand-in's host only when the configuration names it", async () => {
    discord.use(http.get("http://stand-in.test:4000/a.png", () => new HttpResponse(fileBytes("image/png", 10))));
    const attachment = { name: "a.png", url: "http://stand-in.test:4000/a.png", contentType: "image/png", size: 10 };
    expect((await failureOf(downloadImage(attachment, freshDir(), { maxBytes: MiB }))).retry).toBe(false);
    expect(
      await downloadImage(attachment, freshDir(), { maxBytes: MiB, extraHosts: ["stand-in.test:4000"] }),
    ).toMatchObject({ contentType: "image/png", size: 10 });
  });

  it("does not follow a redirect away from the CDN", async () => {
    const asked: string[] = [];
    discord.use(
      http.get("https://cdn.discordapp.com/attachments/1/2/a.png", () =>
        HttpResponse.redirect("https://example.com/elsewhere.png", 302),
      ),
      http.get("https://example.com/*", ({ request }) => {
        asked.push(request.url);
        return new HttpResponse(fileBytes("image/png", 10));
      }),
    );
    const url = "https://cdn.discordapp.com/attachments/1/2/a.png";
    await failureOf(
      downloadImage({ name: "a.png", url, contentType: "image/png", size: 10 }, freshDir(), { maxBytes: MiB }),
    );
    expect(asked).toEqual([]);
  });

  it("stops reading past the upload limit however big the answer, and leaves no file behind", async () => {
    // 200 MiB behind a small declared size: only counting the bytes as they arrive can stop it.
    const big = Buffer.concat([fileBytes("image/png", MiB), Buffer.alloc(199 * MiB)]);
    const cdn = await bigFiles({ "/huge.png": big });
    try {
      const dir = freshDir();
      const failure = await failureOf(
        downloadImage({ name: "huge.png", url: cdn.url("/huge.png"), contentType: "image/png", size: 1024 }, dir, {
          maxBytes: 8 * MiB,
          extraHosts: [cdn.host],
        }),
      );
      expect(failure.retry).toBe(false);
      // What the socket took before the bot hung up: the limit plus what was in flight.
      await expect.poll(() => cdn.sent()).toBeLessThan(40 * MiB);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await cdn.close();
    }
  });

  it("gives up on a CDN that does not answer within the timeout, to try again later", async () => {
    discord.use(
      http.get("https://cdn.discordapp.com/attachments/1/2/slow.png", async () => {
        await delay("infinite");
        return new HttpResponse(null);
      }),
    );
    const url = "https://cdn.discordapp.com/attachments/1/2/slow.png";
    const failure = await failureOf(
      downloadImage({ name: "slow.png", url, contentType: "image/png", size: 10 }, freshDir(), {
        maxBytes: MiB,
        timeoutMs: 50,
      }),
    );
    expect(failure.retry).toBe(true);
  });
});

describe("the notes on files left out or not arrived", () => {
  it("stay within one Discord message when a single file's name alone is longer than one", () => {
    const name = `${"a".repeat(3000)}.png`;
    const refused = refusedNote([name, "b.pdf"], MiB);
    const missing = missingNote([{ name }]);
    expect(refused.length + missing.length).toBeLessThan(2000);
    expect(refused).toMatch(/so I left out a+… and 1 more\.$/);
    expect(missing).toMatch(/^Discord did not give me a+… yet: /);
  });
});
