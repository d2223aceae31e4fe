import { addDays, dayFormat, startOfDay } from "@spankbank/shared/calendar";

export { addDays };

/** Every stored time is an ISO 8601 string in UTC, so text order is time order. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}

/**
 * The version stamp of a change to a row whose last version is `before`: now, or a millisecond past
 * `before` when the clock has not moved on (two changes in one millisecond, or a clock set back), so
 * each change is a new version a stale page's `based_on` cannot match.
 */
export function versionAfter(before: string | undefined, now: Date): string {
  const at = isoNow(now);
  if (before === undefined || at > before || Number.isNaN(Date.parse(before))) return at;
  return new Date(Date.parse(before) + 1).toISOString();
}

/**
 * The instant `day` (YYYY-MM-DD) ends on a clock: the next local midnight, DST included, stored as
 * ISO. A deadline kept as a day (a favour's last day, a bounty's due day) ends here, on whose clock it is.
 */
export function endOfDay(day: string, timeZone: string): string {
  return isoNow(startOfDay(addDays(day, 1), timeZone));
}

/** The calendar day (YYYY-MM-DD) it is at `now` in an IANA time zone. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  return dayFormat(timeZone).format(now);
}

/**
 * How many days past today a stored day may lie and still count against today's caps. A clock
 * that ran ahead and was set back left rewards on "tomorrow": they count now, so stepping back
 * cannot open a second day. A stamp further out (a clock years wrong) is not trusted to stop
 * rewards for that long.
 */
export const CAP_LOOKAHEAD_DAYS = 2;

/** Whether a stored day counts against `today`'s cap: today itself, or a day a clock set back left ahead. */
export function countsAgainstToday(day: string, today: string): boolean {
  return day >= today && day <= addDays(today, CAP_LOOKAHEAD_DAYS);
}
