// `npm run bench:backup`: what a nightly backup costs the thread that answers the couple. On the
// ten-years seed (BENCH_SIZE=100x, or 10x, 1x), with the media store already filled by a first
// backup, this process takes backups in ABAB order: A the way the server did until now (the copy,
// its check, the media store and the pruning on this thread: takeBackup, then pruneBackups), B the
// way it does now (backUpAndRecord: all of it in a worker thread). Meanwhile a 1 ms timer measures
// this thread: its longest stall (the longest gap between two ticks) and the event-loop delay p99
// (monitorEventLoopDelay). Medians of BENCH_ROUNDS (default 3) of each.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const { seedBenchDb, scaleOf } = await import("../dist/bench/seed.js");
const { demoCouple } = await import("@spankbank/shared/demoCouple");
const { pruneBackups, takeBackup } = await import("@spankbank/db/backup");
const { backUpAndRecord } = await import("@spankbank/db/backupHealth");

const size = process.env.BENCH_SIZE ?? "100x";
const divisor = { "1x": 100, "10x": 10, "100x": 1 }[size];
if (divisor === undefined) throw new Error("BENCH_SIZE must be 1x, 10x or 100x");
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const retention = { keepDaily: 7, keepWeekly: 4 };
const DAY = 24 * 60 * 60 * 1000;

const dir = mkdtempSync(join(tmpdir(), "spankbank-backup-stall-"));
const databasePath = join(dir, "bench.db");
writeFileSync(join(dir, "couple.config.json"), JSON.stringify(demoCouple));
const db = seedBenchDb(databasePath, demoCouple, scaleOf(divisor));

/** Runs `backUp` while a 1 ms timer ticks on this thread: its time, longest stall and delay p99, in ms. */
async function measured(backUp) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  delay.enable();
  const started = performance.now();
  await backUp();
  const took = performance.now() - started;
  delay.disable();
  clearInterval(tick);
  return { took, longest: Math.max(longest, performance.now() - last), p99: delay.percentile(99) / 1e6 };
}

const sides = {
  "on this thread (before)": (now) => async () => {
    await takeBackup(db, databasePath, now);
    pruneBackups(databasePath, retention, now);
  },
  "in a worker (now)": (now) => async () => {
    const result = await backUpAndRecord(db, databasePath, retention, { now });
    if (result.outcome !== "kept")
      throw new Error(`backup ${result.outcome}: ${result.error?.message ?? result.reason?.message}`);
  },
};
const results = Object.fromEntries(Object.keys(sides).map((side) => [side, []]));
try {
  // The first backup of a box fills the media store; the nightly ones after it find every photo there.
  let day = Date.now();
  await takeBackup(db, databasePath, new Date(day));
  for (let round = 0; round < rounds; round++) {
    for (const side of Object.keys(sides)) {
      day += DAY;
      results[side].push(await measured(sides[side](new Date(day))));
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const spread = (values) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
  console.log(`${size}: a nightly backup, medians of ${rounds} (spread), ms`);
  console.log("| backup | took | longest stall of the serving thread | event-loop delay p99 |\n|---|---|---|---|");
  for (const [side, runs] of Object.entries(results)) {
    const of = (key) => runs.map((run) => run[key]);
    console.log(
      `| ${side} | ${Math.round(median(of("took")))} (${spread(of("took"))}) | ${Math.round(median(of("longest")))} (${spread(of("longest"))}) | ${Math.round(median(of("p99")))} (${spread(of("p99"))}) |`,
    );
  }
} finally {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}
