import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CoupleConfig } from "@spankbank/shared/config";
import { freePort } from "../scripts/freePort.mjs";

/**
 * The built server (server/dist + web/dist) in its own process, on its own database: the demo's,
 * or `couple`'s (a couple.config.json of its own, no demo data).
 */
export interface ServerProcess {
  url: string;
  databasePath: string;
  child: ChildProcess;
  /** The server's resident memory now, from /proc (Linux), in MiB. */
  rssMiB: () => number;
  stop: () => Promise<void>;
}

/**
 * Starts the server on a port that was free a moment ago. Another process may take it in between
 * (the tests run in parallel): the server then exits with EADDRINUSE and is started again on
 * another port. It counts as up only once it says so itself ("listening", over IPC), never from an
 * answer on its port, which could be another test's server.
 */
export async function startServer(env: Record<string, string> = {}, couple?: CoupleConfig): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env, couple);
    if (started !== "port taken") return started;
    if (attempt === 3) throw new Error("server: three ports in a row were taken before it could listen");
  }
}

async function startOnce(env: Record<string, string>, couple?: CoupleConfig): Promise<ServerProcess | "port taken"> {
  const dir = await mkdtemp(join(tmpdir(), "spankbank-proc-"));
  const configPath = join(dir, couple ? "couple.config.json" : "no-couple.config.json");
  if (couple) await writeFile(configPath, JSON.stringify(couple));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databasePath = join(dir, "app.db");
  const child = spawn(process.execPath, ["server/dist/server.bundle.js"], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      SPANKBANK_CONFIG: configPath,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  // A cold start seeds the demo history: generous on a loaded machine.
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    new Promise<"listening">((resolve) =>
      child.on("message", (message) => message === "listening" && resolve(message)),
    ),
    exited.then(() => "exited" as const),
    new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), 60_000);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === "exited") {
    await stop();
    if (stderr.includes("EADDRINUSE")) return "port taken";
    throw new Error(`server exited: ${stderr}`);
  }
  if (outcome === "late") {
    await stop();
    throw new Error(`server did not start: ${stderr}`);
  }
  const rssMiB = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  };
  return { url, databasePath, child, rssMiB, stop };
}

/** Milliseconds `work` takes, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}
