import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { delay, HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { DownloadFailure, downloadImage } from "./images.js";
import { discord, fileBytes } from "./test/discord.js";

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

  it("stops reading past the upload limit however big the CDN's answer, and leaves no file behind", async () => {
    let sent = 0;
    discord.use(
      http.get("https://cdn.discordapp.com/attachments/1/2/huge.png", () => {
        // 200 MiB in 1 MiB chunks, with no Content-Length: only counting the bytes can stop it.
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent >= 200 * MiB) return controller.close();
            controller.enqueue(sent === 0 ? fileBytes("image/png", MiB) : new Uint8Array(MiB));
            sent += MiB;
          },
        });
        return new HttpResponse(stream);
      }),
    );
    const dir = freshDir();
    const url = "https://cdn.discordapp.com/attachments/1/2/huge.png";
    const failure = await failureOf(
      // Discord said 1 KiB; the CDN sends far more.
      downloadImage({ name: "huge.png", url, contentType: "image/png", size: 1024 }, dir, { maxBytes: 8 * MiB }),
    );
    expect(failure.retry).toBe(false);
    expect(sent).toBeLessThan(20 * MiB);
    expect(readdirSync(dir)).toEqual([]);
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
