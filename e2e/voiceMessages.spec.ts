import { expect } from "@playwright/test";
import { oggOpusVoiceNote } from "@spankbank/db/test/tinyMedia";
import { ALEX, fillSignIn } from "./app";
import { expectNoAxeViolations } from "./axe";
import { botWorld, MEMORIES, partnerMessage, sam, snowflake, until } from "./discord/botWorld";
import { test } from "./test";

/** Discord's IS_VOICE_MESSAGE message flag. */
const IS_VOICE_MESSAGE = 1 << 13;

test("a voice message posted in Discord plays on the memory board, read over range requests", async ({ page }) => {
  // The built server and bot processes against the Discord stand-in, then Chromium on that server.
  test.setTimeout(180_000);
  const { standIn, port, startServer, startBot, tearDown } = await botWorld({ memoriesChannelId: MEMORIES });
  try {
    await startServer();
    await startBot();
    const voice = oggOpusVoiceNote(2);
    standIn.files.set("/attachments/voice-message.ogg", { bytes: voice, contentType: "audio/ogg" });
    const posted = {
      ...partnerMessage(MEMORIES, sam.discordId, "", [
        {
          id: snowflake(),
          filename: "voice-message.ogg",
          size: voice.length,
          url: `${standIn.baseUrl}/attachments/voice-message.ogg`,
          proxy_url: `${standIn.baseUrl}/attachments/voice-message.ogg`,
          content_type: "audio/ogg",
          duration_secs: 2,
          waveform: Buffer.alloc(32, 90).toString("base64"),
        },
      ]),
      flags: IS_VOICE_MESSAGE,
    };
    standIn.dispatch("MESSAGE_CREATE", posted);
    await until("the voice message's 💞", () =>
      standIn.requests.some(
        (r) => r.method === "PUT" && r.path.includes(`/messages/${posted.id}/reactions/${encodeURIComponent("💞")}`),
      ),
    );

    const media: { range: string | undefined }[] = [];
    page.on("response", async (response) => {
      if (!new URL(response.url()).pathname.startsWith("/api/media/")) return;
      media.push({
        range: await response
          .request()
          .headerValue("range")
          .then((v) => v ?? undefined),
      });
    });
    await page.goto(`http://127.0.0.1:${port}/signin`);
    await fillSignIn(page, ALEX.username, ALEX.password);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await page.goto(`http://127.0.0.1:${port}/memories`);
    const player = page.getByRole("article").getByLabel("Voice message");
    await expect(player).toBeVisible();

    // The browser reads the length from the file itself (Ogg's last page): 2 seconds.
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(2, 1);
    expect(media.length).toBeGreaterThan(0);
    // The player reads the file by ranges.
    expect(media.every((answer) => answer.range?.startsWith("bytes="))).toBe(true);
    // A seek asks for a part of the file: the server answers that part alone, with its place (past
    // the browser's cache, which can cut a range from a whole file it holds and hide the server's answer).
    const part = await player.evaluate(async (audio: HTMLAudioElement) => {
      const answer = await fetch(audio.currentSrc, { headers: { range: "bytes=100-199" }, cache: "no-store" });
      return {
        status: answer.status,
        range: answer.headers.get("content-range"),
        bytes: (await answer.arrayBuffer()).byteLength,
      };
    });
    expect(part).toEqual({ status: 206, range: `bytes 100-199/${voice.length}`, bytes: 100 });

    // It plays (muted: no sound card here) to its end.
    await player.evaluate(async (audio: HTMLAudioElement) => {
      audio.muted = true;
      await audio.play();
    });
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.ended), { timeout: 15_000 }).toBe(true);

    await expectNoAxeViolations(page, "the memory board with a voice message");
  } finally {
    await tearDown();
  }
});
