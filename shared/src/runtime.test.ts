import { describe, expect, it } from "vitest";
import { demoCouple } from "./demoCouple.js";
import { type ReadConfig, runtimeFrom, StartupError } from "./runtime.js";

/** A folder `/couple` holding `config` as its couple.config.json, or no file at all. */
function folderWith(config?: unknown): ReadConfig {
  return (path) => {
    if (path !== "/couple/couple.config.json" || config === undefined) return undefined;
    return typeof config === "string" ? config : JSON.stringify(config);
  };
}

describe("runtimeFrom", () => {
  it("runs the demo couple when there is no config outside production", () => {
    const runtime = runtimeFrom({}, "/couple", folderWith());
    expect(runtime.demo).toBe(true);
    expect(runtime.config.partners.map((p) => p.username)).toEqual(["alex", "sam"]);
    expect(runtime.databasePath).toBe("/couple/data/spankbank.db");
  });

  it("refuses a production start without a config, saying how to write one", () => {
    expect(() => runtimeFrom({ NODE_ENV: "production" }, "/couple", folderWith())).toThrow(StartupError);
    expect(() => runtimeFrom({ NODE_ENV: "production" }, "/couple", folderWith())).toThrow(/npm run setup/);
  });

  it("refuses a config with a bad field, naming the field", () => {
    const bad = structuredClone(demoCouple) as { partners: { timeZone: string }[] };
    bad.partners[1]!.timeZone = "Mars/Olympus";
    expect(() => runtimeFrom({}, "/couple", folderWith(bad))).toThrow(
      /partners\.1\.timeZone: must be an IANA time zone/,
    );
  });

  it("refuses a config where both partners share a login name", () => {
    const bad = structuredClone(demoCouple) as { partners: { username: string }[] };
    bad.partners[1]!.username = "alex";
    expect(() => runtimeFrom({}, "/couple", folderWith(bad))).toThrow(/partners\.1\.username: must differ/);
  });

  it("refuses a file that is not JSON", () => {
    expect(() => runtimeFrom({}, "/couple", folderWith("{ nope"))).toThrow(/not valid JSON/);
  });

  it("uses a valid config file and the paths from the environment", () => {
    const read = (path: string) => (path === "/etc/us.json" ? JSON.stringify(demoCouple) : undefined);
    const env = { NODE_ENV: "production", DATABASE_PATH: "/tmp/x/y.db", SPANKBANK_CONFIG: "/etc/us.json" };
    const runtime = runtimeFrom(env, "/couple", read);
    expect(runtime).toMatchObject({ demo: false, configPath: "/etc/us.json", databasePath: "/tmp/x/y.db" });
  });
});
