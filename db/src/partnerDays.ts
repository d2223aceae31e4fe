import type { CoupleConfig, Partner } from "@spankbank/shared/config";
import {
  DEFAULT_QUIET_HOURS,
  MY_DAY_CHANGED_SINCE,
  type MyDayBody,
  myDayBody,
  type QuietHours,
} from "@spankbank/shared/contract/myDay";
import type { DayWindow, Weekday, WorkWindow } from "@spankbank/shared/eachOthersDay";
import { eq } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { versionAfter } from "./clock.js";
import { userByDiscordId, userById } from "./couple.js";
import { Refusal, refuseUnless } from "./errors.js";
import { param, preparedFor } from "./prepared.js";
import { partnerDays } from "./schema.js";

/** A partner's day as everything reads it: their own from the web, else the config's. */
export interface PartnerDaySettings {
  sleep: DayWindow;
  work: WorkWindow | null;
  quietHours: QuietHours;
  source: "config" | "web";
  /** When the partner last saved it on the web (the version a form is `basedOn`); null: the config's. */
  updatedAt: string | null;
}

/** A partner of the config with their effective day: what the clocks, `/when` and quiet hours use. */
export type PartnerWithDay = Partner & { userId: number; quietHours: QuietHours };

const statements = preparedFor((db) => ({
  byUser: db
    .select()
    .from(partnerDays)
    .where(eq(partnerDays.userId, param("userId")))
    .prepare(),
}));

/** The effective day of the partner `userId` (a user of the config's couple). */
export function dayOf(db: Db, config: CoupleConfig, userId: number): PartnerDaySettings {
  const row = statements(db).byUser.get({ userId });
  if (row) {
    const work =
      row.workFrom && row.workTo && row.workDays
        ? { from: row.workFrom, to: row.workTo, days: row.workDays as Weekday[] }
        : null;
    return {
      sleep: { from: row.sleepFrom, to: row.sleepTo },
      work,
      quietHours: row.quietHours,
      source: "web",
      updatedAt: row.updatedAt,
    };
  }
  const user = userById(db, userId);
  const partner = config.partners.find((p) => p.discordId === user?.discordId);
  return {
    sleep: partner?.sleep ?? { from: "23:00", to: "07:00" },
    work: partner?.work ?? null,
    quietHours: DEFAULT_QUIET_HOURS,
    source: "config",
    updatedAt: null,
  };
}

/** Both partners of the config, each with their effective sleep, work and quiet hours (config order). */
export function partnersWithDays(db: Db, config: CoupleConfig): [PartnerWithDay, PartnerWithDay] {
  const withDay = (partner: Partner): PartnerWithDay => {
    const user = userByDiscordId(db, partner.discordId);
    if (!user) return { ...partner, userId: 0, quietHours: DEFAULT_QUIET_HOURS };
    const day = dayOf(db, config, user.id);
    const { work: _configWork, ...rest } = partner;
    return {
      ...rest,
      ...(day.work ? { work: day.work } : {}),
      sleep: day.sleep,
      userId: user.id,
      quietHours: day.quietHours,
    };
  };
  return [withDay(config.partners[0]), withDay(config.partners[1])];
}

/**
 * Saves the partner's own day (the web's "Your day"): checked against the contract first, so bad
 * input is refused naming the field and nothing is written; one row per partner, replaced whole.
 */
export function setDayOf(
  db: Db,
  config: CoupleConfig,
  userId: number,
  input: MyDayBody,
  now = new Date(),
): PartnerDaySettings {
  const body = refuseUnless(myDayBody, input, "day");
  return inTransaction(db, (tx) => {
    const before = statements(tx).byUser.get({ userId });
    const fields = {
      sleepFrom: body.sleep.from,
      sleepTo: body.sleep.to,
      workFrom: body.work?.from ?? null,
      workTo: body.work?.to ?? null,
      workDays: body.work?.days ?? null,
      quietHours: body.quietHours,
    };
    if (body.based_on !== undefined && body.based_on !== (before?.updatedAt ?? null)) {
      // Sent again after its answer was lost, it already reads as asked: done, not refused.
      if (before && readsAs(before, fields)) return dayOf(tx, config, userId);
      throw new Refusal("conflict", MY_DAY_CHANGED_SINCE);
    }
    const updatedAt = versionAfter(before?.updatedAt, now);
    tx.insert(partnerDays)
      .values({ userId, ...fields, updatedAt })
      .onConflictDoUpdate({ target: partnerDays.userId, set: { ...fields, updatedAt } })
      .run();
    return dayOf(tx, config, userId);
  });
}

const readsAs = (
  row: typeof partnerDays.$inferSelect,
  fields: Pick<
    typeof partnerDays.$inferSelect,
    "sleepFrom" | "sleepTo" | "workFrom" | "workTo" | "workDays" | "quietHours"
  >,
) =>
  row.sleepFrom === fields.sleepFrom &&
  row.sleepTo === fields.sleepTo &&
  row.workFrom === fields.workFrom &&
  row.workTo === fields.workTo &&
  JSON.stringify(row.workDays) === JSON.stringify(fields.workDays) &&
  row.quietHours === fields.quietHours;
