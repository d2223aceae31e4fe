import { z } from "zod";
import { VISIT_NOTE_MAX, VISIT_PLACE_MAX } from "../limits.js";
import { isoDate, text } from "./common.js";

/**
 * A calendar date (YYYY-MM-DD) that exists: a visit's first or last day. It is a local date, the
 * same for both of you; how far away it is, each of you counts on your own calendar.
 */
export const visitDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine((date) => {
    const at = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === date;
  }, "must be a real calendar date")
  .refine((date) => date >= "2000-01-01" && date <= "2099-12-31", "must be between 2000-01-01 and 2099-12-31");

/** Optional one-line text: absent, null or "" means none. */
const optionalText = (max: number, multiline = false) =>
  z.union([z.literal("").transform(() => null), z.null(), text(max, { multiline })]).optional();

/** POST /api/visits and PUT /api/visits/{id}: a visit, planned or already lived. */
export const visitBody = z.object({
  start_date: visitDate,
  end_date: visitDate,
  place: optionalText(VISIT_PLACE_MAX),
  note: optionalText(VISIT_NOTE_MAX, true),
});
export type VisitBody = z.input<typeof visitBody>;

/**
 * A change to a visit: `based_on` is the `updated_at` of the visit as the form showed it. A visit
 * changed since (by the other partner, or on another device) is refused, not overwritten.
 */
export const visitChangeBody = visitBody.extend({ based_on: isoDate.optional() });
/** DELETE /api/visits/{id}: `based_on` is the visit's `updated_at` as the page showed it; one changed since is kept. */
export const visitRemovalQuery = z.object({ based_on: isoDate.optional() });
export type VisitChangeBody = z.input<typeof visitChangeBody>;

export const visit = z.object({
  id: z.int(),
  start_date: z.string(),
  end_date: z.string(),
  place: z.string().nullable(),
  note: z.string().nullable(),
  /** The login name of the partner who planned or logged it. */
  planned_by: z.string(),
  /** Days between the end of the visit before it and its first day; null for the first one. */
  days_apart_before: z.int().nullable(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type Visit = z.infer<typeof visit>;

/** Where each partner stands, counted on their own calendar. */
export const visitCountdown = z.object({
  username: z.string(),
  display_name: z.string(),
  city: z.string(),
  time_zone: z.string(),
  /** Today on their calendar, YYYY-MM-DD. */
  today: z.string(),
  /** Days from their today to the next visit's first day; null when none is planned. */
  days_until: z.int().nullable(),
  /** Days since the last visit ended; null during a visit or before the first. */
  days_apart: z.int().nullable(),
  /** The day the last visit ended, which `days_apart` counts from; null with it. */
  last_end_date: z.string().nullable(),
  together: z.boolean(),
});
export type VisitCountdown = z.infer<typeof visitCountdown>;

/** A favour marked "in person" still in a partner's inventory: it waits for the visit. */
export const inPersonFavour = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  quantity: z.int(),
  /** The login name of the partner who owns it (and will redeem it). */
  owner: z.string(),
  /** The login name of the partner who will do it. */
  seller: z.string(),
});
export type InPersonFavour = z.infer<typeof inPersonFavour>;

export const visitsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** GET /api/visits: the visit under way, the next one, each partner's count, the favours waiting and a page of the log. */
export const visitsReply = z.object({
  current: visit.nullable(),
  next: visit.nullable(),
  /** The signed-in partner first. */
  countdowns: z.array(visitCountdown),
  in_person: z.array(inPersonFavour),
  past: z.object({ visits: z.array(visit), page: z.int(), page_count: z.int(), total: z.int() }),
});
export type VisitsReply = z.infer<typeof visitsReply>;

export const visitReply = z.object({ visit });
