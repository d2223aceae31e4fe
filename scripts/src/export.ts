import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { exportArchive } from "@spankbank/db/archive";
import { backupsDirOf } from "@spankbank/db/backup";
import { openDb } from "@spankbank/db/client";
import { isNodeProcess } from "@spankbank/db/running";
import { processPaths } from "@spankbank/shared/runtime";

/**
 * `npm run export [-- FILE]`: the couple's data as one zip (docs/export.md), written next to
 * the backups (`data/backups/spankbank-export-<date>.zip`) or to FILE, one image at a time.
 */
const { databasePath } = processPaths();
/**
 * An archive being written: not `.partial`, which every backup's start deletes in the backups
 * folder as its own leftovers (an export running across the nightly backup failed).
 */
const EXPORTING = ".exporting";
if (!existsSync(databasePath)) {
  // Opening would create an empty database in the couple's place, and an archive of nothing.
  console.error(`Export not taken: there is no database at ${databasePath}.`);
  process.exit(1);
}
const db = openDb(databasePath);
let exporting: string | undefined;
try {
  const now = new Date();
  const archive = await exportArchive(db, now);
  const target = process.argv[2] ? resolve(process.argv[2]) : join(backupsDirOf(databasePath), archive.fileName);
  mkdirSync(dirname(target), { recursive: true });
  removeKilledExports(dirname(target));
  // Written under a temporary name first, this process's own: a file named like an archive is
  // always whole, and another export running beside this one writes its own.
  exporting = `${target}.${process.pid}${EXPORTING}`;
  await pipeline(archive.stream, createWriteStream(exporting));
  renameSync(exporting, target);
  exporting = undefined;
  const count = (table: string) => archive.rows[table] ?? 0;
  console.log(
    `Exported ${count("memories")} memories, ${archive.mediaFiles} images, ${count("answers")} answers, ${count("letters")} letters and ${count("transfers")} transfers to ${target}`,
  );
} catch (error) {
  console.error(`Export FAILED: ${(error as Error).message}`);
  if (exporting !== undefined) rmSync(exporting, { force: true });
  process.exitCode = 1;
} finally {
  db.$client.close();
}

/** Removes what exports killed earlier left in `dir`: only those whose process is gone. */
function removeKilledExports(dir: string): void {
  for (const name of readdirSync(dir)) {
    // `<archive>.zip.<pid>.exporting`, or `<archive>.zip.exporting` from versions before the pid.
    const match = /\.zip(?:\.(\d+))?\.exporting$/.exec(name);
    if (match && !(match[1] && isNodeProcess(Number(match[1])))) rmSync(join(dir, name), { force: true });
  }
}
