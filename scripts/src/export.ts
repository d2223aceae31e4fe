import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { exportArchive } from "@spankbank/db/archive";
import { backupsDirOf } from "@spankbank/db/backup";
import { openDb } from "@spankbank/db/client";
import { processRuntime } from "@spankbank/shared/runtime";

/**
 * `npm run export [-- FILE]`: the couple's data as one zip (docs/export.md), written next to
 * the backups (`data/backups/spankbank-export-<date>.zip`) or to FILE, one image at a time.
 */
const { databasePath } = processRuntime();
/**
 * An archive being written: not `.partial`, which every backup's start deletes in the backups
 * folder as its own leftovers (an export running across the nightly backup failed).
 */
const EXPORTING = ".exporting";
const db = openDb(databasePath);
let exporting: string | undefined;
try {
  const now = new Date();
  const archive = exportArchive(db, now);
  const target = process.argv[2] ? resolve(process.argv[2]) : join(backupsDirOf(databasePath), archive.fileName);
  mkdirSync(dirname(target), { recursive: true });
  // What an export killed on an earlier day left beside it.
  for (const name of readdirSync(dirname(target))) {
    if (name.endsWith(`.zip${EXPORTING}`)) rmSync(join(dirname(target), name), { force: true });
  }
  // Written under a temporary name first: a file named like an archive is always whole.
  exporting = `${target}${EXPORTING}`;
  await pipeline(archive.stream, createWriteStream(exporting));
  renameSync(exporting, target);
  exporting = undefined;
  const count = (table: string) => archive.tables[table]?.length ?? 0;
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
