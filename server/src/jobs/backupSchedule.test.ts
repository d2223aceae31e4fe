import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupsDirOf, listBackups, takeBackup } from "@spankbank/db/backup";
import { backupHealth, recordBackupKept } from "@spankbank/db/backupHealth";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { demoCouple } from "@spankbank/shared/demoCouple";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { MISSED_BACKUP_AFTER_MS, scheduleBackups } from "./backupSchedule.js";

/** Lines the schedule logged, as pino writes them. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const { log } = Fastify({
    logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  return { log, lines };
}

function scheduledCouple(freeSpace?: (dir: string) => number, { lastKeptAt }: { lastKeptAt?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-schedule-"));
  const databasePath = join(dir, "spankbank.db");
  const db = openDb(databasePath);
  syncCouple(db, demoCouple);
  if (lastKeptAt) recordBackupKept(db, new Date(lastKeptAt));
  const { log, lines } = capturedLog();
  // The demo couple's zone is Asia/Kolkata (UTC+5:30, no daylight saving): 03:00 there is 21:30 UTC.
  const schedule = scheduleBackups({ db, databasePath, config: demoCouple, log, freeSpace });
  onTestFinished(async () => {
    // A backup still pruning or recording itself writes in the folder until it has finished.
    await schedule.stop();
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, databasePath, lines, stop: () => schedule.stop() };
}

/**
 * Lets the backup's real file work finish while the clock stands still: a worker thread's start
 * alone took 5 s on a loaded 2-core box, so the budget is generous.
 */
async function settle(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 25_000, interval: 20 });
}

describe("daily backups", () => {
  beforeEach(() => {
    // Only the clock and timers: the backup's own I/O runs for real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date("2026-11-22T21:29:58Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("takes one verified backup at 03:00 in the couple's zone, and none before", async () => {
    const { databasePath, lines } = scheduledCouple();
    await vi.advanceTimersByTimeAsync(1000);
    expect(listBackups(databasePath)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1500);
    await settle(() => listBackups(databasePath).length === 1);
    expect(listBackups(databasePath)[0]?.name).toBe("spankbank-2026-11-22T213000Z.db");
    await settle(() => lines.some((line) => line.msg === "daily backup taken and verified"));
  });

  it("counts the retention's days in the couple's zone: the evening's backup of the day before stays", async () => {
    const { db, databasePath, lines } = scheduledCouple();
    // 22:30 on the 22nd in India; the scheduled one is 03:00 on the 23rd there, both the 22nd in UTC.
    const evening = await takeBackup(db, databasePath, new Date("2026-11-22T17:00:00Z"), () => 1024 ** 4);
    await vi.advanceTimersByTimeAsync(2500);
    // Logged once the retention has run.
    await settle(() => lines.some((line) => line.msg === "daily backup taken and verified"));
    expect(listBackups(databasePath).map((backup) => backup.name)).toEqual([
      "spankbank-2026-11-22T213000Z.db",
      evening.name,
    ]);
  });

  it("stopped while the night's backup is being taken (a restart at 03:00), lets it finish and be recorded", async () => {
    const { db, databasePath, lines, stop } = scheduledCouple();
    await vi.advanceTimersByTimeAsync(2500);
    await stop();
    expect(listBackups(databasePath).map((backup) => backup.name)).toEqual(["spankbank-2026-11-22T213000Z.db"]);
    expect(backupHealth(db).lastKeptAt).toBe("2026-11-22T21:30:00.000Z");
    expect(lines.some((line) => line.msg === "daily backup taken and verified")).toBe(true);
  });

  it("stopped while the night's backup fails (a restart at 03:00), leaves no retry behind", async () => {
    const { databasePath, lines, stop } = scheduledCouple();
    // The backups folder cannot be made: a file stands in its place.
    writeFileSync(backupsDirOf(databasePath), "in the way");
    await vi.advanceTimersByTimeAsync(2500);
    await stop();
    expect(lines.find((line) => line.level === 50)?.msg).toMatch(/^DAILY BACKUP FAILED/);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("logs a failed backup loudly and tries again an hour later", async () => {
    const { databasePath, lines } = scheduledCouple();
    // The backups folder cannot be made: a file stands in its place.
    writeFileSync(backupsDirOf(databasePath), "in the way");
    await vi.advanceTimersByTimeAsync(2500);
    await settle(() => lines.some((line) => line.level === 50));
    expect(lines.find((line) => line.level === 50)?.msg).toMatch(/^DAILY BACKUP FAILED: trying again in an hour/);

    rmSync(backupsDirOf(databasePath));
    await vi.advanceTimersByTimeAsync(59 * 60 * 1000);
    expect(listBackups(databasePath)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60 * 1000);
    await settle(() => listBackups(databasePath).length === 1);
  });

  // 26 backups tried, each in its own worker thread: seconds each on a loaded box.
  it("refuses a backup the disk has no room for: logged, announced in Discord once a day, tried again every hour", {
    timeout: 300_000,
  }, async () => {
    let free = 10 * 1024 * 1024;
    const { db, databasePath, lines } = scheduledCouple(() => free);
    const alerts = () =>
      db.$client.prepare("SELECT payload FROM outbox WHERE kind = 'operator_alert'").all() as { payload: string }[];
    await vi.advanceTimersByTimeAsync(2500);
    await settle(() => lines.some((line) => line.level === 50));
    expect(lines.find((line) => line.level === 50)?.msg).toMatch(
      /^DAILY BACKUP FAILED: trying again in an hour\. Not enough disk space for a backup: it needs about \d+ MiB/,
    );
    expect(alerts()).toHaveLength(1);
    expect(JSON.parse(alerts()[0]!.payload).message).toMatch(/^backups are not being kept: Not enough disk space/);
    expect(listBackups(databasePath)).toEqual([]);

    // Still full an hour later: logged again, not announced again.
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    await settle(() => lines.filter((line) => line.level === 50).length === 2);
    expect(alerts()).toHaveLength(1);
    for (let hour = 2; hour < 24; hour += 1) {
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      await settle(() => lines.filter((line) => line.level === 50).length === hour + 1);
    }
    expect(alerts()).toHaveLength(1);
    // Still full a day after the first alert (the next daily backup): told again.
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    await settle(() => alerts().length === 2);

    free = 1024 * 1024 * 1024;
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    await settle(() => listBackups(databasePath).length === 1);
  });

  it("started after the backup time with none kept since (the box was off at 03:00), takes it a few minutes later", async () => {
    // 04:00 in Kolkata on the 23rd; the last backup kept was the 21st's.
    vi.setSystemTime(new Date("2026-11-22T22:30:00Z"));
    const { databasePath } = scheduledCouple(undefined, { lastKeptAt: "2026-11-21T21:30:05Z" });
    await vi.advanceTimersByTimeAsync(MISSED_BACKUP_AFTER_MS - 1000);
    expect(listBackups(databasePath)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await settle(() => listBackups(databasePath).length === 1);
    expect(listBackups(databasePath)[0]?.name).toBe("spankbank-2026-11-22T223500Z.db");
  });

  it("started after the backup time with it kept, takes none until the next one is due", async () => {
    vi.setSystemTime(new Date("2026-11-22T22:30:00Z"));
    const { databasePath } = scheduledCouple(undefined, { lastKeptAt: "2026-11-22T21:30:04Z" });
    await vi.advanceTimersByTimeAsync(2 * MISSED_BACKUP_AFTER_MS);
    expect(listBackups(databasePath)).toEqual([]);
  });

  it("started shortly before the backup time with one missed, takes it at that time only: once, no retry", async () => {
    // 02:55 in Kolkata: the missed backup would still be running at 03:00.
    vi.setSystemTime(new Date("2026-11-22T21:25:00Z"));
    const { databasePath, lines } = scheduledCouple(undefined, { lastKeptAt: "2026-11-20T21:30:05Z" });
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 + 1000);
    await settle(() => listBackups(databasePath).length === 1);
    expect(listBackups(databasePath)[0]?.name).toBe("spankbank-2026-11-22T213000Z.db");
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(listBackups(databasePath)).toHaveLength(1);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });
});
