// The countdown posts before a visit ("N days until you're together"): when each goes out, and writing it once.
import { addDays, startOfDay } from "@spankbank/shared/calendar";
import { nextBothAwake, type PartnerDay } from "@spankbank/shared/eachOthersDay";
import { VISIT_MILESTONE_DAYS } from "@spankbank/shared/limits";
import { asc, gte, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { dayIn, isoNow } from "./clock.js";
import { enqueueEvent } from "./outbox.js";
import { param, preparedFor } from "./prepared.js";
import { visitMilestones, visits } from "./schema.js";

const statements = preparedFor((db) => {
  const today = param("today");
  return {
    upcoming: db
      .select({ id: visits.id, startDate: visits.startDate, endDate: visits.endDate, place: visits.place })
      .from(visits)
      .where(gte(visits.startDate, today))
      .orderBy(asc(visits.startDate))
      .limit(3)
      .prepare(),
    markMilestone: db
      .insert(visitMilestones)
      .values({
        visitId: sql.placeholder("visitId"),
        days: sql.placeholder("days"),
        enqueuedAt: sql.placeholder("enqueuedAt"),
      })
      .onConflictDoNothing()
      .prepare(),
  };
});

/** The moment a countdown milestone is posted, and the end of the day it belongs to. */
export interface MilestoneWindow {
  days: number;
  postAt: Date;
  /** After this, one of you has left the milestone's day: it is no longer true, and not posted. */
  until: Date;
}

/**
 * The stretch when the milestone's day is that day on both calendars; for partners 24 hours or
 * more apart (Kiritimati and Pago Pago), whose calendars never share a day, when it is that day on
 * either one.
 */
function milestoneDay(startDate: string, days: number, partners: readonly PartnerDay[]) {
  const day = addDays(startDate, -days);
  const starts = partners.map((p) => startOfDay(day, p.timeZone).getTime());
  const ends = partners.map((p) => startOfDay(addDays(day, 1), p.timeZone).getTime());
  const [begins, until] = [Math.max(...starts), Math.min(...ends)];
  if (begins < until) return { begins: new Date(begins), until: new Date(until) };
  return { begins: new Date(Math.min(...starts)), until: new Date(Math.max(...ends)) };
}

/**
 * When the "N days until you're together" post for a visit starting on `startDate` goes out:
 * on the day N days before it, once that day has begun on both calendars, at the first moment
 * you are both awake (from each partner's sleep window); until either calendar leaves that day.
 */
export function milestoneWindow(startDate: string, days: number, partners: readonly PartnerDay[]): MilestoneWindow {
  const { begins, until } = milestoneDay(startDate, days, partners);
  const [a, b] = partners as [PartnerDay, PartnerDay];
  const awake = nextBothAwake(a, b, begins);
  // With no shared waking hour that day, the post goes out as the day begins for both.
  const postAt = awake && awake.start < until ? (awake.start < begins ? begins : awake.start) : begins;
  return { days, postAt, until };
}

/**
 * Writes the countdown posts due at `now` to the outbox, each milestone of a visit once (its
 * mark and its event in one transaction), so a periodic check, a restart or a second process
 * never posts one twice. Returns how many were written.
 */
export function enqueueDueVisitMilestones(db: Db, partners: readonly PartnerDay[], now = new Date()): number {
  const earliestToday = partners.map((p) => dayIn(p.timeZone, now)).sort()[0]!;
  let written = 0;
  for (const visit of statements(db).upcoming.all({ today: earliestToday })) {
    for (const days of VISIT_MILESTONE_DAYS) {
      const day = milestoneDay(visit.startDate, days, partners);
      // The waking-hours search runs only on the milestone's own day.
      if (now < day.begins || now >= day.until) continue;
      if (now < milestoneWindow(visit.startDate, days, partners).postAt) continue;
      inTransaction(db, (tx) => {
        const marked = statements(tx).markMilestone.run({ visitId: visit.id, days, enqueuedAt: isoNow(now) });
        if (marked.changes === 0) return;
        enqueueEvent(
          tx,
          "visit_countdown",
          { visitId: visit.id, days, startDate: visit.startDate, endDate: visit.endDate, place: visit.place },
          now,
        );
        written++;
      });
    }
  }
  return written;
}
