import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";

const script = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

/** An install whose database is gone (a wrong DATABASE_PATH, a lost disk): config in place, no data/. */
function installWithoutDatabase() {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-no-db-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "couple.config.json"), JSON.stringify(demoCouple));
  const databasePath = join(dir, "data", "spankbank.db");
  const run = (name: string, args: string[] = []) =>
    spawnSync(process.execPath, [script(name), ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 60_000,
    });
  return { dir, databasePath, run };
}

describe("npm run export and npm run trash on a database that is not there (a wrong DATABASE_PATH, a lost disk)", {
  timeout: 60_000,
}, () => {
  it("refuse in one line, making no empty database in its place and no archive of nothing", () => {
    const { dir, databasePath, run } = installWithoutDatabase();
    const exported = run("export", [join(dir, "keep.zip")]);
    expect([exported.status, exported.stdout, exported.stderr]).toEqual([
      1,
      "",
      `Export not taken: there is no database at ${databasePath}.\n`,
    ]);
    expect(existsSync(join(dir, "keep.zip"))).toBe(false);
    const trash = run("trash");
    expect([trash.status, trash.stderr]).toEqual([1, `There is no database at ${databasePath}.\n`]);
    expect(existsSync(databasePath)).toBe(false);
  });
});
