import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type Db, openDb } from "../client.js";

let template: string | null = null;

/**
 * A real database file at `path` with every migration applied. The migrations run once per test
 * process into a template file that each test then copies: running them for every test's own file
 * was most of what a short test cost.
 */
export function openMigratedCopy(path: string): Db {
  if (template === null) {
    const file = join(mkdtempSync(join(tmpdir(), "spankbank-template-")), "template.db");
    // Closing the only connection checkpoints the WAL into the file, so the file alone is the whole database.
    openDb(file).$client.close();
    process.once("exit", () => rmSync(dirname(file), { recursive: true, force: true }));
    template = file;
  }
  copyFileSync(template, path);
  return openDb(path);
}
