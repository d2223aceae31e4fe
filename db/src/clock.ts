/** Every stored time is an ISO 8601 string in UTC, so text order is time order. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}

/** The calendar day (YYYY-MM-DD) it is at `now` in an IANA time zone. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
