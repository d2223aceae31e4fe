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

  it("refuses misspelled config keys naming the nearest known one, and a password hash that is not whole", () => {
    const bad = structuredClone(demoCouple) as unknown as Record<string, unknown> & {
      partners: Record<string, unknown>[];
    };
    bad.anniversery = "06-17";
    bad.questions = { revealAfterBothAnswerd: true };
    bad.partners[1]!.passwordHash = "scrypt$17$8$1$tooshort";
    const { status, output } = startServer({ NODE_ENV: "production" }, bad);
    expect(status).toBe(1);
    expect(output.trim().split("\n").slice(-3)).toEqual([
      "partners.1.passwordHash: must be a whole hash from `npm run hash-password` ($argon2id$v=19$m=19456,t=2,p=1$…)",
      "questions.revealAfterBothAnswerd: did you mean revealAfterBothAnswered?",
      "anniversery: did you mean anniversary?",
    ]);
  });

  it("refuses unusable PORT, HOST and HTTPS values, one line each and no stack trace", () => {
    const { status, output } = startServer({ PORT: "99999", HOST: "999.1.1.1", HTTPS: "yes" });
    expect(status).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      "Spank Bank cannot start:",
      "PORT=99999: must be a port number from 0 to 65535",
      "HOST=999.1.1.1: must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name",
      "HTTPS=yes: must be true or false",
    ]);
    expect(startServer({ PORT: "abc" }).output).toContain("PORT=abc: must be a port number from 0 to 65535");
  });
});
