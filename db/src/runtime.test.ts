import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { loadRuntime, StartupError } from "./runtime.js";

function folderWith(config?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-config-"));
  if (config !== undefined) {
    writeFileSync(join(dir, "couple.config.json"), typeof config === "string" ? config : JSON.stringify(config));
  }
  return dir;
}

describe("loadRuntime", () => {
  it("runs the demo couple when there is no config outside production", () => {
    const runtime = loadRuntime({}, folderWith());
    expect(runtime.demo).toBe(true);
    expect(runtime.config.partners.map((p) => p.username)).toEqual(["alex", "sam"]);
    expect(runtime.databasePath).toMatch(/data\/spankbank\.db$/);
  });

  it("refuses a production start without a config, saying how to write one", () => {
    expect(() => loadRuntime({ NODE_ENV: "production" }, folderWith())).toThrow(StartupError);
    expect(() => loadRuntime({ NODE_ENV: "production" }, folderWith())).toThrow(/npm run setup/);
  });

  it("refuses a config with a bad field, naming the field", () => {
    const bad = structuredClone(demoCouple) as { partners: { timeZone: string }[] };
    bad.partners[1]!.timeZone = "Mars/Olympus";
    expect(() => loadRuntime({}, folderWith(bad))).toThrow(/partners\.1\.timeZone: must be an IANA time zone/);
  });

  it("refuses a config where both partners share a login name", () => {
    const bad = structuredClone(demoCouple) as { partners: { username: string }[] };
    bad.partners[1]!.username = "alex";
    expect(() => loadRuntime({}, folderWith(bad))).toThrow(/partners\.1\.username: must differ/);
  });

  it("refuses a file that is not JSON", () => {
    expect(() => loadRuntime({}, folderWith("{ nope"))).toThrow(/not valid JSON/);
  });

  it("uses a valid config file and the paths from the environment", () => {
    const dir = folderWith(demoCouple);
    const runtime = loadRuntime({ NODE_ENV: "production", DATABASE_PATH: "/tmp/x/y.db" }, dir);
    expect(runtime.demo).toBe(false);
    expect(runtime.databasePath).toBe("/tmp/x/y.db");
  });
});
