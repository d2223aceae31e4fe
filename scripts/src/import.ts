import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { importArchive, parseArchive } from "@spankbank/db/archive";
import { openDb } from "@spankbank/db/client";
import { withDatabaseToItself } from "@spankbank/db/running";
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
const text = readFileSync(archivePath, "utf8");
// Holding every role's lock: no server, bot or backup writes while the archive goes in.
const outcome = withDatabaseToItself(databasePath, () => {
  const db = openDb(databasePath);
  try {
    return { imported: importArchive(db, parseArchive(text)) };
  } catch (error) {
    // Refused after the locks are released (process.exit would skip the release).
    return { failed: (error as Error).message };
  } finally {
    db.$client.close();
  }
});
if (!outcome.ok)
  refuse(`Spank Bank is running on ${databasePath}: ${outcome.running.join(", ")}. Stop it first, then import.`);
if ("failed" in outcome.value) refuse(`Import FAILED, nothing was written: ${outcome.value.failed}`);
const { rows, mediaFiles } = outcome.value.imported;
console.log(
  `Imported ${archivePath} into ${databasePath}: ${rows.memories ?? 0} memories, ${mediaFiles} images, ${rows.answers ?? 0} answers, ${rows.letters ?? 0} letters, ${rows.transfers ?? 0} transfers. Run \`npm run check\` to see it whole.`,
);
