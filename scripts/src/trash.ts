import { existsSync } from "node:fs";
import { openDb } from "@spankbank/db/client";
import { Refusal } from "@spankbank/db/errors";
import { purgeTrash, restoreMemories, type TrashedMemory, trashPage } from "@spankbank/db/memoryTrash";
import { MEMORY_TRASH_DAYS } from "@spankbank/shared/limits";
import { processPaths } from "@spankbank/shared/runtime";

/**
 * `npm run trash`: the memories deleted in the last MEMORY_TRASH_DAYS days, restorable.
 *   npm run trash                      lists them, most recently deleted first
 *   npm run trash -- --restore 12 40   puts memories 12 and 40 back on the board (all or none)
 *   npm run trash -- --purge           removes for good what was deleted more than 30 days ago
 *                                      (the server also does this daily)
 * Safe while the app runs: each is one short transaction on the same database file.
 */
const USAGE = "Usage: npm run trash [-- --restore ID...] [-- --purge]";
const [command, ...rest] = process.argv.slice(2);
const { databasePath } = processPaths();

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

const line = (memory: TrashedMemory) => {
  const text = memory.message.length > 60 ? `${memory.message.slice(0, 59)}…` : memory.message;
  return `${String(memory.id).padStart(7)}  deleted ${memory.deletedAt.slice(0, 10)}  purged after ${memory.purgeAt.slice(0, 10)}  by ${memory.username}: "${text.replace(/\s+/g, " ")}"`;
};

if (command !== undefined && command !== "--restore" && command !== "--purge") refuse(USAGE);
const ids = rest.map((id) => (/^\d{1,15}$/.test(id) ? Number(id) : refuse(`Not a memory id: ${id}\n${USAGE}`)));
if (command === "--restore" && ids.length === 0) refuse(`Name the memories to restore.\n${USAGE}`);
if (command !== "--restore" && ids.length > 0) refuse(USAGE);
// Opening would create an empty database in the couple's place.
if (!existsSync(databasePath)) refuse(`There is no database at ${databasePath}.`);

const db = openDb(databasePath);
try {
  if (command === "--restore") {
    const restored = restoreMemories(db, ids);
    console.log(`Restored ${restored} memor${restored === 1 ? "y" : "ies"} to the board.`);
  } else if (command === "--purge") {
    const purged = purgeTrash(db);
    console.log(
      `Purged ${purged.memories} memor${purged.memories === 1 ? "y" : "ies"} deleted more than ${MEMORY_TRASH_DAYS} days ago (${purged.images} image file(s)).`,
    );
  } else {
    const all: TrashedMemory[] = [];
    for (let page = 1, pageCount = 1; page <= pageCount; page++) {
      const found = trashPage(db, page, 100);
      pageCount = found.pageCount;
      all.push(...found.memories);
    }
    if (all.length === 0) console.log(`The trash is empty (deleted memories stay there ${MEMORY_TRASH_DAYS} days).`);
    else {
      console.log(`${all.length} deleted memor${all.length === 1 ? "y" : "ies"}, restorable with --restore ID:`);
      for (const memory of all) console.log(line(memory));
    }
  }
} catch (error) {
  if (error instanceof Refusal) refuse(`${error.message}. Nothing was changed.`);
  throw error;
} finally {
  db.$client.close();
}
