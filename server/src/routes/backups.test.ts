import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backUpAndRecord } from "@spankbank/db/backupHealth";
import { openDb } from "@spankbank/db/client";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildTestApp } from "../test/app.js";

const retention = { keepDaily: 7, keepWeekly: 4 };

async function coupleWithBackups() {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-backup-health-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "spankbank.db");
  const test = await buildTestApp({ db: openDb(path) });
  const cookies = { alex: await test.signIn("alex"), sam: await test.signIn("sam") };
  const healthAs = async (who: "alex" | "sam") => {
    const reply = await test.app.inject({
      method: "GET",
      url: "/api/backup-health",
      headers: { cookie: cookies[who] },
    });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  };
  return { ...test, path, healthAs };
}

describe("GET /api/backup-health", () => {
  it("says nothing is wrong while backups are kept", async () => {
    const { db, path, healthAs } = await coupleWithBackups();
    const now = new Date("2026-11-25T21:30:00Z");
    expect(await backUpAndRecord(db, path, retention, { now })).toMatchObject({ outcome: "kept" });
    expect(await healthAs("sam")).toEqual({ last_kept_at: now.toISOString(), failing: null });
  });

  it("tells both partners while backups fail their check, naming the rule and the command, until one is kept", async () => {
    const { db, path, healthAs } = await coupleWithBackups();
    const failedAt = new Date("2026-11-25T21:30:00Z");
    db.$client.exec("UPDATE accounts SET balance = balance + 5 WHERE name = 'charity'");
    expect(await backUpAndRecord(db, path, retention, { now: failedAt })).toMatchObject({ outcome: "failed" });

    for (const who of ["alex", "sam"] as const) {
      const health = await healthAs(who);
      expect(health).toMatchObject({
        last_kept_at: null,
        failing: { since: failedAt.toISOString(), last_tried_at: failedAt.toISOString(), rules: ["ledger"] },
      });
      expect(health.failing.message).toContain("failed the database check (ledger)");
      expect(health.failing.message).toContain("`npm run check`");
    }

    db.$client.exec("UPDATE accounts SET balance = balance - 5 WHERE name = 'charity'");
    const keptAt = new Date("2026-11-25T22:30:00Z");
    expect(await backUpAndRecord(db, path, retention, { now: keptAt })).toMatchObject({ outcome: "kept" });
    expect(await healthAs("alex")).toEqual({ last_kept_at: keptAt.toISOString(), failing: null });
  });

  it("is for a signed-in partner only", async () => {
    const { app } = await coupleWithBackups();
    expect((await app.inject({ method: "GET", url: "/api/backup-health" })).statusCode).toBe(401);
  });
});
