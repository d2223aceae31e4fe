import { existsSync, readFileSync } from "node:fs";
import { openDb } from "@spankbank/db/client";
import { checkLedger } from "@spankbank/db/ledger";
import { runtimeFrom } from "@spankbank/shared/runtime";

/** `npm run check`: the ledger's invariants and SQLite's own integrity check; exit 1 on any problem. */
const { databasePath } = runtimeFrom(process.env, process.cwd(), (path) =>
  existsSync(path) ? readFileSync(path, "utf8") : undefined,
);
const db = openDb(databasePath);
const problems = checkLedger(db);
const integrity = db.$client.pragma("integrity_check", { simple: true });
if (integrity !== "ok") problems.push(`integrity_check: ${integrity}`);
db.$client.close();
if (problems.length > 0) {
  console.error(`${databasePath} has problems:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`${databasePath}: ledger balanced, integrity ok.`);
