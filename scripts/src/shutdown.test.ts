import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_LOGINS, scryptEraDemoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";

const serverEntry = fileURLToPath(new URL("../../server/dist/server.bundle.js", import.meta.url));

describe("graceful shutdown", () => {
  it("SIGTERM lets a request in flight finish, then closes the database with the WAL folded in", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-shutdown-"));
    const databasePath = join(dir, "spankbank.db");
    // A couple whose passwords an earlier version hashed (scrypt, most of a second): a sign-in still checking when SIGTERM comes.
    const configPath = join(dir, "couple.config.json");
    writeFileSync(configPath, JSON.stringify(scryptEraDemoCouple));
    const server = spawn(process.execPath, [serverEntry], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        PORT: "0",
        DATABASE_PATH: databasePath,
        SPANKBANK_CONFIG: configPath,
        LOG_LEVEL: "debug",
      },
    });
    let output = "";
    server.stdout.on("data", (chunk) => (output += chunk));
    server.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));
    const port = await new Promise<string>((resolve, reject) => {
      server.stdout.on("data", () => {
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      server.on("exit", () => reject(new Error(`the server stopped before listening:\n${output}`)));
    });
    expect(existsSync(join(dir, "run", "spankbank.db.server.pid"))).toBe(true);

    // The sign-in checks its scrypt hash for most of a second: SIGTERM arrives while it runs.
    const signIn = fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(DEMO_LOGINS[0]),
    });
    await new Promise<void>((resolve) => {
      const waitForRequest = () => (output.includes("incoming request") ? resolve() : setTimeout(waitForRequest, 5));
      waitForRequest();
    });
    server.kill("SIGTERM");

    expect((await signIn).status).toBe(200);
    expect(await exited).toBe(0);
    expect(output.indexOf("finishing requests in flight")).toBeLessThan(output.indexOf("request completed"));
    // Closed once the sign-in was answered, though the client keeps its connection: not at the grace's end.
    expect(output).not.toContain("closing anyway");
    const wal = `${databasePath}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    expect(existsSync(join(dir, "run", "spankbank.db.server.pid"))).toBe(false);
  }, 30_000);
});
