// The second writer: the bot's kind of writes (memories, awards) through the db domain functions,
// on the same file as a running server. Any error, SQLITE_BUSY included, fails it.
// Usage: node domainWriter.mjs DATABASE WRITES; prints {"memories":n,"awards":n} when done.
import { inTransaction, openDb } from "@spankbank/db/client";
import { transfer } from "@spankbank/db/ledger";
import { addMemory } from "@spankbank/db/memories";

const [databasePath, writes] = process.argv.slice(2);
const db = openDb(databasePath);
const sam = db.$client.prepare("SELECT id FROM users WHERE username = 'sam'").get().id;
const acknowledged = { memories: 0, awards: 0 };
for (let i = 0; i < Number(writes); i++) {
  if (i % 2 === 0) {
    addMemory(db, { userId: sam, message: `bot-memory-${i}`, discordMessageId: `bot-${i}` });
    acknowledged.memories++;
  } else {
    const reference = `bot-award-${i}`;
    inTransaction(db, (tx) =>
      transfer(tx, { from: "mint", to: { userId: sam }, amount: 1, kind: "award", reference, memo: "soak" }),
    );
    acknowledged.awards++;
  }
  // One Discord event at a time, as the bot handles them: a moment between writes. Without it
  // the two processes re-take the lock back to back and SQLite's polling busy wait can starve.
  await new Promise((resolve) => setTimeout(resolve, 1));
}
db.$client.close();
process.stdout.write(JSON.stringify(acknowledged));
