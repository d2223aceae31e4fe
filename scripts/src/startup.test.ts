import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";

const serverEntry = fileURLToPath(new URL("../../server/dist/server.bundle.js", import.meta.url));

/** Runs the real server entry in a fresh folder and returns how it ended. */
function startServer(env: Record<string, string>, config?: unknown) {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-start-"));
  if (config !== undefined) writeFileSync(join(dir, "couple.config.json"), JSON.stringify(config));
  const result = spawnSync(process.execPath, [serverEntry], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", PORT: "0", DATABASE_PATH: join(dir, "x.db"), ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("starting the server", () => {
  it("refuses a production start without a couple config, saying what to do", () => {
    const { status, output } = startServer({ NODE_ENV: "production" });
    expect(status).toBe(1);
    expect(output).toContain("Spank Bank cannot start");
    expect(output).toContain("npm run setup");
  });

  it("refuses TRUST_PROXY=true, which would let any client choose its own address", () => {
    const { status, output } = startServer({ TRUST_PROXY: "true" });
    expect(status).toBe(1);
    expect(output).toContain("TRUST_PROXY=loopback");
  });

  it("refuses a config with a bad field, naming the field", () => {
    const bad = structuredClone(demoCouple) as unknown as { partners: { discordId: string }[] };
    bad.partners[0]!.discordId = "not-a-snowflake";
    const { status, output } = startServer({ NODE_ENV: "production" }, bad);
    expect(status).toBe(1);
    expect(output).toContain("partners.0.discordId: must be a Discord snowflake");
  });
});
