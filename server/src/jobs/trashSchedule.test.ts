import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { addMemory, trashMemories } from "@spankbank/db/memories";
import { demoCouple } from "@spankbank/shared/demoCouple";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { scheduleTrashPurge } from "./trashSchedule.js";

const DAY = 24 * 60 * 60 * 1000;

function databaseWithTrash() {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-trash-"));
  const db = openDb(join(dir, "spankbank.db"));
  syncCouple(db, demoCouple);
  const userId = (db.$client.prepare("SELECT id FROM users WHERE username = 'alex'").get() as { id: number }).id;
  const memory = (message: string, deletedDaysAgo: number) => {
    const { id } = addMemory(db, { userId, message });
    trashMemories(db, [id], new Date(Date.now() - deletedDaysAgo * DAY));
  };
  const { log } = Fastify({ logger: { level: "silent" } });
  onTestFinished(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const left = () =>
    (db.$client.prepare("SELECT message FROM memories ORDER BY id").all() as { message: string }[]).map(
      (row) => row.message,
    );
  return { db, log, memory, left };
}

describe("the daily purge of the memory trash", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    // 04:29:58 in Asia/Kolkata (UTC+5:30), the demo couple's zone.
    vi.setSystemTime(new Date("2026-11-22T22:59:58Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("purges at start, then daily at 04:30 in the couple's zone, only what is past 30 days", {
    timeout: 60_000,
  }, async () => {
    const { db, log, memory, left } = databaseWithTrash();
    memory("long gone", 31);
    memory("a second short of 30 days", 30 - 1 / 86_400);
    memory("30 days old tomorrow at 04:30", 29 - 1 / 86_400);
    memory("in the trash a day", 1);
    const schedule = scheduleTrashPurge({ db, config: demoCouple, log });
    onTestFinished(() => schedule.stop());
    expect(left()).toEqual(["a second short of 30 days", "30 days old tomorrow at 04:30", "in the trash a day"]);

    await vi.advanceTimersByTimeAsync(3000); // 04:30 passes: now past 30 days since its deletion
    expect(left()).toEqual(["30 days old tomorrow at 04:30", "in the trash a day"]);
    await vi.advanceTimersByTimeAsync(DAY - 10_000);
    expect(left()).toEqual(["30 days old tomorrow at 04:30", "in the trash a day"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(left()).toEqual(["in the trash a day"]);
  });

  it("purges nothing at a start whose clock reads 2099 (no clock battery, no NTP yet), then counts only the days it sees pass", {
    timeout: 60_000,
  }, async () => {
    const { db, log, memory, left } = databaseWithTrash();
    memory("in the trash 29 days", 29);
    memory("in the trash a day", 1);
    scheduleTrashPurge({ db, config: demoCouple, log }).stop();
    // The box restarts at once, its clock reading 2099 (04:29:58 in its zone).
    vi.setSystemTime(new Date("2099-01-01T22:59:58Z"));
    const schedule = scheduleTrashPurge({ db, config: demoCouple, log });
    onTestFinished(() => schedule.stop());
    expect(left()).toEqual(["in the trash 29 days", "in the trash a day"]);
    await vi.advanceTimersByTimeAsync(3000); // 04:30 on that clock: two seconds really passed
    expect(left()).toEqual(["in the trash 29 days", "in the trash a day"]);
    await vi.advanceTimersByTimeAsync(DAY); // a day really passed: 30 days since the first was deleted
    expect(left()).toEqual(["in the trash a day"]);
  });
});
