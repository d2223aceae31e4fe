import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { freePort } from "../../scripts/freePort.mjs";
import { DiscordStandIn } from "./standIn";

/** What the bot's end-to-end tests stand on: the built server and bot processes beside the Discord stand-in. */

const root = fileURLToPath(new URL("../..", import.meta.url));
export const GUILD = "910000000000000001";
export const GENERAL = "910000000000000002";
export const MEMORIES = "910000000000000003";
export const QUESTIONS = "910000000000000004";
export const ANNOUNCEMENTS = "910000000000000005";
export const [alex, sam] = demoCouple.partners;

/** Polls `get` until it is truthy (bounded). */
export async function until<T>(what: string, get: () => T | Promise<T>): Promise<NonNullable<T>> {
  for (let i = 0; i < 1200; i++) {
    const value = await get();
    if (value) return value as NonNullable<T>;
    await sleep(25);
  }
  throw new Error(`never happened: ${what}`);
}

/** A node process of a built script, its output kept. */
export function spawnLogged(script: string, env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawn(process.execPath, [join(root, script)], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * What each test stands on: a temp folder, the stand-in serving the configured channels, the demo
 * couple's config naming them, the env the server and the bot start with, starting and stopping
 * them, and `tearDown`.
 */
export async function botWorld(discord: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-bot-e2e-"));
  const standIn = await new DiscordStandIn({ id: GUILD, channelIds: [GENERAL, ...Object.values(discord)] }).start();
  const configPath = join(dir, "couple.config.json");
  writeFileSync(configPath, JSON.stringify({ ...demoCouple, discord: { guildId: GUILD, ...discord } }));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_PATH: join(dir, "spankbank.db"),
    SPANKBANK_CONFIG: configPath,
  };
  const api = `http://127.0.0.1:${port}/api`;
  const processes: ChildProcess[] = [];
  const startServer = async () => {
    const server = spawnLogged("server/dist/server.bundle.js", env, dir);
    processes.push(server.child);
    await until("the server is up", () =>
      fetch(`${api}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    return server;
  };
  // A process killed by a signal has no exit code, only its signal.
  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const botEnv = {
    ...env,
    DISCORD_TOKEN: "stand-in-token",
    DISCORD_API_URL: standIn.apiUrl,
    // The stand-in serves the attachments: its host is allowed by name, nothing else is.
    DISCORD_MEDIA_HOSTS: `127.0.0.1:${standIn.port}`,
  };
  /** Starts the bot process and waits until it signed in. */
  const startBot = async () => {
    const bot = spawnLogged("bot/dist/start.js", botEnv, dir);
    processes.push(bot.child);
    await until(`the bot signed in (output: ${bot.output()})`, () => bot.output().includes("Discord bot signed in as"));
    return bot;
  };
  /** Stops the bot process as a deploy (SIGTERM) or a crash (SIGKILL) does, and waits until it exited. */
  const stopBot = async (child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") => {
    child.kill(signal);
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => child.once("exit", resolve));
  };
  const tearDown = async () => {
    for (const child of processes) if (running(child)) child.kill("SIGTERM");
    await Promise.all(processes.map((child) => (running(child) ? new Promise((r) => child.once("exit", r)) : null)));
    await standIn.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, standIn, port, env, botEnv, api, processes, startServer, startBot, stopBot, tearDown };
}

let nextId = 1_200_000_000_000_000_000n;
export const snowflake = () => String(nextId++);

/** A partner's message in a channel, as the gateway and the history both carry it. */
export function partnerMessage(channelId: string, authorId: string, content: string, attachments: unknown[] = []) {
  return {
    id: snowflake(),
    channel_id: channelId,
    guild_id: GUILD,
    author: {
      id: authorId,
      username: `user${authorId.slice(-4)}`,
      discriminator: "0",
      global_name: null,
      avatar: null,
    },
    content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments,
    embeds: [],
    pinned: false,
    type: 0,
  };
}
