import { describe, expect, it } from "vitest";
import { demoCouple, scryptEraDemoCouple } from "./demoCouple.js";
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

  it("refuses a password hash a sign-in could not check, or one costing otherwise than the other partner's", () => {
    const withHashes = (alex: string, sam: string) => {
      const config = structuredClone(demoCouple) as { partners: { passwordHash: string }[] };
      config.partners[0]!.passwordHash = alex;
      config.partners[1]!.passwordHash = sam;
      return folderWith(config);
    };
    const argon2 = demoCouple.partners[1].passwordHash;
    const wholeHash = /partners\.1\.passwordHash: must be a whole hash from `npm run hash-password`/;
    for (const cost of ["m=7,t=2,p=1", "m=16,t=1,p=999", "m=19456,t=11,p=1", "m=2000000,t=2,p=1"]) {
      const sam = argon2.replace("m=19456,t=2,p=1", cost);
      expect(() => runtimeFrom({}, "/couple", withHashes(sam, sam)), cost).toThrow(wholeHash);
    }
    expect(() => runtimeFrom({}, "/couple", withHashes(argon2, scryptEraDemoCouple.partners[1].passwordHash))).toThrow(
      /partners\.1\.passwordHash: must be of the same kind and cost as the other partner's/,
    );
    // Both scrypt, as an earlier version left them: still accepted.
    const earlier = scryptEraDemoCouple.partners.map((partner) => partner.passwordHash) as [string, string];
    expect(runtimeFrom({}, "/couple", withHashes(...earlier)).config.partners[0].passwordHash).toBe(earlier[0]);
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
