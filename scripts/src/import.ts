import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { importArchiveFile } from "@spankbank/db/archiveImport";
import { openDb } from "@spankbank/db/client";
import { withDatabaseToItself } from "@spankbank/db/running";
import { SEALED_LETTERS_NOTE } from "@spankbank/shared/limits";
import { scriptRuntime } from "./runtime.js";

/**
 * `npm run import -- FILE`: restores an archive from `npm run export` (or the web's "Download our
 * data") into the fresh, empty database at DATABASE_PATH, for the couple of this install's
 * config. Refuses one that holds data, another couple's archive, and one whose ledger does not add up.
 */
const file = process.argv[2];
const { databasePath, config } = scriptRuntime();

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!file) refuse("Usage: DATABASE_PATH=data/new.db npm run import -- FILE   (FILE: an archive from `npm run export`)");
const archivePath = resolve(file);
if (!existsSync(archivePath)) refuse(`No file at ${archivePath}.`);
// Holding every role's lock: no server, bot or backup writes while the archive goes in.
const outcome = withDatabaseToItself(databasePath, async () => {
  const db = openDb(databasePath);
  try {
    return { imported: await importArchiveFile(db, archivePath, config.partners) };
  } catch (error) {
    // Refused after the locks are released (process.exit would skip the release).
    return { failed: (error as Error).message };
  } finally {
    db.$client.close();
  }
});
if (!outcome.ok)
  refuse(`Spank Bank is running on ${databasePath}: ${outcome.running.join(", ")}. Stop it first, then import.`);
const value = await outcome.value;
if ("failed" in value) refuse(`Import FAILED, nothing was written: ${value.failed}`);
const { rows, mediaFiles, downloadedBy } = value.imported;
console.log(
  `Imported ${archivePath} into ${databasePath}: ${rows.memories ?? 0} memories, ${mediaFiles} images, ${rows.answers ?? 0} answers, ${rows.letters ?? 0} letters, ${rows.transfers ?? 0} transfers. Run \`npm run check\` to see it whole.`,
);
if (downloadedBy !== undefined) console.log(`This is ${downloadedBy}'s download from the web: ${SEALED_LETTERS_NOTE}`);
