import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { checkDatabase } from "@spankbank/db/healthCheck";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";
import { mulberry32 } from "./soak/random.mjs";

const load = fileURLToPath(new URL("./soak/crashLoad.mjs", import.meta.url));
const SEED = Number(process.env.SPANKBANK_SOAK_SEED ?? 20261122);
const KILLS = 20;

type Acknowledged =
  | { kind: "memory"; message: string }
  | { kind: "product"; name: string }
  | { kind: "purchase"; name: string; key: string; buyerId: number }
  | { kind: "redeem"; name: string; redemptionId: number }
  | { kind: "confirm"; redemptionId: number }
  | { kind: "transfer"; reference: string }
  | { kind: "question"; text: string }
  | { kind: "answer"; response: string };

/** The SQL that counts the rows an acknowledged operation left: each must find exactly one. */
function rowsOf(op: Acknowledged): [string, unknown[]] {
  switch (op.kind) {
    case "memory":
      return ["SELECT COUNT(*) AS n FROM memories WHERE message = ? AND deleted_at IS NULL", [op.message]];
    case "product":
      return ["SELECT COUNT(*) AS n FROM products WHERE name = ?", [op.name]];
    case "purchase":
      return [
        `SELECT COUNT(*) AS n FROM purchases p JOIN products pr ON pr.id = p.product_id
         JOIN idempotency_keys k ON k.user_id = p.buyer_id AND k.key = ?
         WHERE pr.name = ? AND p.buyer_id = ?`,
        [op.key, op.name, op.buyerId],
      ];
    case "redeem":
      return ["SELECT COUNT(*) AS n FROM redemptions WHERE id = ? AND name = ?", [op.redemptionId, op.name]];
    case "confirm":
      return ["SELECT COUNT(*) AS n FROM redemptions WHERE id = ? AND confirmed_at IS NOT NULL", [op.redemptionId]];
    case "transfer":
      return ["SELECT COUNT(*) AS n FROM transfers WHERE reference = ?", [op.reference]];
    case "question":
      return ["SELECT COUNT(*) AS n FROM questions WHERE text = ?", [op.text]];
    case "answer":
      return ["SELECT COUNT(*) AS n FROM answers WHERE response = ?", [op.response]];
  }
}

/** Runs the load until `acknowledgements` operations are acknowledged, waits a few ms more, and SIGKILLs it. */
function runAndKill(args: string[], acknowledgements: number, graceMs: number): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, [load, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  // A test ended before the kill (a timeout) leaves no load running.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let seen = 0;
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  child.stdout.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen >= acknowledgements && !child.killed) setTimeout(() => child.kill("SIGKILL"), graceMs);
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL") resolve(signal);
      else reject(new Error(`the load stopped by itself (code ${code}):\n${errors}`));
    }),
  );
}

describe("crash safety", () => {
  // 20 loads started and killed, each a Node process: a generous bound on a busy 2-core box.
  it(`after each of ${KILLS} SIGKILLs mid-load the database opens, the check passes and every acknowledged operation is there once`, async ({
    signal,
  }) => {
    console.log(`crash safety seed: ${SEED} (replay with SPANKBANK_SOAK_SEED=${SEED})`);
    const random = mulberry32(SEED);
    const dir = mkdtempSync(join(tmpdir(), "spankbank-crash-"));
    const databasePath = join(dir, "spankbank.db");
    const logPath = join(dir, "acknowledged.log");
    const setup = openDb(databasePath);
    syncCouple(setup, demoCouple);
    setup.$client.close();

    let checked = 0;
    try {
      // A timed-out test's body runs on: it starts no more loads.
      for (let round = 0; round < KILLS && !signal.aborted; round++) {
        // Kill after 1 to 30 acknowledged operations, 0 to 9 ms later: mostly in the middle of a write.
        const acknowledgements = 1 + Math.floor(random() * 30);
        const graceMs = Math.floor(random() * 10);
        await runAndKill([databasePath, logPath, String(SEED), String(round)], acknowledgements, graceMs);

        const db = openDb(databasePath);
        try {
          expect(checkDatabase(db), `the check after kill ${round + 1}`).toEqual([]);
          const lines = readFileSync(logPath, "utf8").split("\n");
          // A kill between write and newline leaves a torn last line: only whole lines were acknowledged.
          const acknowledged = lines.slice(0, -1).map((line) => JSON.parse(line) as Acknowledged);
          for (const op of acknowledged) {
            const [query, params] = rowsOf(op);
            const { n } = db.$client.prepare(query).get(...params) as { n: number };
            expect(n, `${JSON.stringify(op)} after kill ${round + 1}`).toBe(1);
          }
          checked = acknowledged.length;
        } finally {
          db.$client.close();
        }
      }
    } finally {
      console.log(`crash safety: ${KILLS} kills survived, ${checked} acknowledged operations all present`);
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    }
    expect(checked).toBeGreaterThanOrEqual(KILLS);
  }, 240_000);
});
