import { dayFormat } from "@spankbank/shared/calendar";

/** Every stored time is an ISO 8601 string in UTC, so text order is time order. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}

/** The calendar day (YYYY-MM-DD) it is at `now` in an IANA time zone. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  return dayFormat(timeZone).format(now);
}
