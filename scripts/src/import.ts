import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { importArchive, parseArchive } from "@spankbank/db/archive";
import { openDb } from "@spankbank/db/client";
import { runningProcesses } from "@spankbank/db/running";
import { processRuntime } from "@spankbank/shared/runtime";

/**
 * `npm run import -- FILE`: restores an archive from `npm run export` (or the web's "Download our
 * data") into the fresh, empty database at DATABASE_PATH. Refuses one that holds data.
 */
const file = process.argv[2];
const { databasePath } = processRuntime();

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!file) refuse("Usage: DATABASE_PATH=data/new.db npm run import -- FILE   (FILE: an archive from `npm run export`)");
const archivePath = resolve(file);
if (!existsSync(archivePath)) refuse(`No file at ${archivePath}.`);
const running = runningProcesses(databasePath);
if (running.length > 0) refuse(`Spank Bank is running on ${databasePath}. Stop it first, then import.`);
const db = openDb(databasePath);
try {
  const { rows, mediaFiles } = importArchive(db, parseArchive(readFileSync(archivePath, "utf8")));
  console.log(
    `Imported ${archivePath} into ${databasePath}: ${rows.memories ?? 0} memories, ${mediaFiles} images, ${rows.answers ?? 0} answers, ${rows.letters ?? 0} letters, ${rows.transfers ?? 0} transfers. Run \`npm run check\` to see it whole.`,
  );
} catch (error) {
  console.error(`Import FAILED, nothing was written: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
