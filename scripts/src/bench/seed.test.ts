import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkLedger } from "@spankbank/db/ledger";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { afterEach, describe, expect, it } from "vitest";
import { seedBenchDb } from "./seed.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the benchmark's seed", () => {
  it("writes the asked scale and leaves the ledger exact", () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-bench-seed-"));
    dirs.push(dir);
    const scale = {
      products: 40,
      memories: 30,
      answeredQuestions: 10,
      transfers: 300,
      inventoryItems: 15,
      photos: 12,
      visits: 5,
      laterLetters: 6,
      days: 400,
    };
    const db = seedBenchDb(join(dir, "bench.db"), demoCouple, scale);
    const count = (table: string) =>
      (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect({
      products: count("products"),
      memories: count("memories"),
      answeredQuestions: count("questions"),
      answers: count("answers"),
      transfers: count("transfers"),
      inventoryItems: count("inventory_items"),
      photos: count("memory_images"),
      visits: count("visits"),
      laterLetters: count("later_letters"),
      days: scale.days,
    }).toEqual({ ...scale, answers: 20 });
    expect(readdirSync(join(dir, "media"))).toHaveLength(scale.photos);
    expect(checkLedger(db)).toEqual([]);
    db.$client.close();
  });
});
