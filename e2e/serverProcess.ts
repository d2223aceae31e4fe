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

export async function startServer(env: Record<string, string> = {}, couple?: CoupleConfig): Promise<ServerProcess> {
  const dir = await mkdtemp(join(tmpdir(), "spankbank-proc-"));
  const configPath = join(dir, couple ? "couple.config.json" : "no-couple.config.json");
  if (couple) await writeFile(configPath, JSON.stringify(couple));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databasePath = join(dir, "app.db");
  const child = spawn(process.execPath, ["server/dist/server.bundle.js"], {
    stdio: ["ignore", "ignore", "pipe"],
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
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  // A cold start seeds the demo history: generous on a loaded machine.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
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
