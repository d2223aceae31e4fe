import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";

const script = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

/**
 * An install whose `.env` puts the database and the config somewhere else than the defaults,
 * as the README allows; the scripts are run with nothing of it in their environment.
 */
function installWithEnvFile(): { dir: string; databasePath: string; configPath: string } {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-env-file-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, ".env"), "DATABASE_PATH=live/app.db\nSPANKBANK_CONFIG=conf/couple.json\n");
  mkdirSync(join(dir, "conf"));
  const configPath = join(dir, "conf", "couple.json");
  writeFileSync(configPath, JSON.stringify(demoCouple));
  const databasePath = join(dir, "live", "app.db");
  const db = openDb(databasePath);
  syncCouple(db, demoCouple);
  seedDemoData(db, demoCouple);
  db.$client.close();
  return { dir, databasePath, configPath };
}

const run = (dir: string, name: string, args: string[] = [], extra: Record<string, string> = {}, input = "") =>
  spawnSync(process.execPath, [script(name), ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", ...extra },
    input,
    encoding: "utf8",
    timeout: 60_000,
  });

describe("the operator scripts read .env as the app does", { timeout: 120_000 }, () => {
  it("check, backup, trash, export, restore, import and setup work on the database and config .env names", () => {
    const { dir, databasePath, configPath } = installWithEnvFile();

    const check = run(dir, "check");
    expect(check.stdout, check.stderr).toContain(`${databasePath}: integrity ok`);

    const backup = run(dir, "backup");
    const backupPath = /verified: (\S+\.db)/.exec(backup.stdout)?.[1];
    expect(backupPath, backup.stderr).toMatch(new RegExp(`^${join(dir, "live", "backups")}/app-`));
    expect(run(dir, "backup", ["--list"]).stdout).toContain(backupPath);

    const trash = run(dir, "trash");
    expect(trash.status, trash.stderr).toBe(0);

    const exported = run(dir, "export");
    const archive = /to (\S+\.zip)$/m.exec(exported.stdout)?.[1];
    expect(archive, exported.stderr).toMatch(new RegExp(`^${join(dir, "live", "backups")}/`));

    const restored = run(dir, "restore", [backupPath!]);
    expect(restored.stdout, restored.stderr).toContain(`Restored ${backupPath} to ${databasePath}.`);

    // What is set in the environment itself wins over .env.
    const fresh = join(dir, "fresh.db");
    const imported = run(dir, "import", [archive!], { DATABASE_PATH: fresh });
    expect(imported.stdout, imported.stderr).toContain(`into ${fresh}:`);

    const setup = run(dir, "setup", [], {}, "no\n");
    expect(setup.stdout, setup.stderr).toContain(`${configPath} exists. Overwrite it?`);

    // Nothing was made at the defaults beside the install.
    expect(existsSync(join(dir, "data"))).toBe(false);
    expect(existsSync(join(dir, "couple.config.json"))).toBe(false);
  });
});
