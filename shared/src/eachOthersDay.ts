import { WEEKDAYS, type Weekday, weekdayClockFormat } from "./calendar.js";
import type { DayWindow, WorkWindow } from "./dayWindows.js";

/**
 * Each other's day (issue 22, point 1): whether a partner is probably asleep, at work or free at a
 * moment, and the next stretch when both are awake. Pure and shared: the dashboard and `/when` say
 * the same. Times are read on each partner's wall clock through Intl, minute by minute, so daylight
 * saving changes (a missing or repeated hour) fall out of the zone data instead of hand-written
 * offset rules (no kept library answers "wall-clock window overlap across two zones").
 */

export { WEEKDAYS, type Weekday };

export const DEFAULT_SLEEP = { from: "23:00", to: "07:00" } as const;

export type { DayWindow, WorkWindow };

/** What the day rules need of a partner. */
export interface PartnerDay {
  timeZone: string;
  sleep: DayWindow;
  work?: WorkWindow | undefined;
}

export type PartnerState = "probably asleep" | "at work" | "free";

/** Both awake from `start` to `end` (already under way when `ongoing`). */
export interface BothAwake {
  start: Date;
  end: Date;
  ongoing: boolean;
}

const MINUTE = 60_000;
/** How far ahead to look for a shared waking stretch before saying there is none this week. */
const HORIZON_MINUTES = 8 * 24 * 60;
const MINUTES_PER_DAY = 24 * 60;

/** The wall clock in `timeZone`: minutes since local midnight and the weekday. */
function wallClock(at: Date, timeZone: string): { minute: number; weekday: number } {
  let hour = 0;
  let minute = 0;
  let weekday = 0;
  for (const part of weekdayClockFormat(timeZone).formatToParts(at)) {
    if (part.type === "hour") hour = Number(part.value);
    else if (part.type === "minute") minute = Number(part.value);
    else if (part.type === "weekday") weekday = WEEKDAYS.indexOf(part.value.toLowerCase() as Weekday);
  }
  return { minute: hour * 60 + minute, weekday };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a wall-clock minute falls in the window; the day it started on, or null if outside. */
function startDayInWindow(window: { from: string; to: string }, minute: number, weekday: number): number | null {
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from < to) return minute >= from && minute < to ? weekday : null;
  if (minute >= from) return weekday;
  if (minute < to) return (weekday + 6) % 7; // after midnight: the window began yesterday
  return null;
}

/** The partner's state at `at`: sleep wins over work (a night shift is set as work, not sleep). */
export function partnerStateAt(partner: PartnerDay, at: Date): PartnerState {
  const { minute, weekday } = wallClock(at, partner.timeZone);
  if (startDayInWindow(partner.sleep, minute, weekday) !== null) return "probably asleep";
  if (partner.work) {
    const day = startDayInWindow(partner.work, minute, weekday);
    if (day !== null && partner.work.days.includes(WEEKDAYS[day]!)) return "at work";
  }
  return "free";
}

const asleep = (partner: PartnerDay, clock: { minute: number; weekday: number }) =>
  startDayInWindow(partner.sleep, clock.minute, clock.weekday) !== null;

/** Minutes from wall-clock `minute` to the next time the clock reads `time` (1 to 1440). */
const minutesUntil = (minute: number, time: string) =>
  (minutesOf(time) - minute + MINUTES_PER_DAY) % MINUTES_PER_DAY || MINUTES_PER_DAY;

/**
 * The current or next stretch when neither partner is in their sleep window, to the minute, or
 * null when their sleep windows leave no shared waking minute within the next eight days.
 * Whether a partner sleeps changes only when their clock reads a sleep window's edge, so the
 * search jumps from edge to edge (a few dozen clock reads, not 2 per minute for up to 8 days, which
 * a phone's CPU felt on every dashboard load). A jump across a change of the zone's
 * offset (daylight saving) is halved until it moves both clocks as far as real time moved, so no
 * edge is stepped over: the answer is the minute-by-minute one.
 */
export function nextBothAwake(a: PartnerDay, b: PartnerDay, now: Date): BothAwake | null {
  const first = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const clocksAt = (i: number) => {
    const at = new Date(first + i * MINUTE);
    return [wallClock(at, a.timeZone), wallClock(at, b.timeZone)] as const;
  };
  let start: number | null = null;
  let i = 0;
  let [clockA, clockB] = clocksAt(0);
  while (i <= HORIZON_MINUTES) {
    const at = first + i * MINUTE;
    const awake = !asleep(a, clockA) && !asleep(b, clockB);
    if (start === null && awake) start = at;
    else if (start !== null && !awake) return { start: new Date(start), end: new Date(at), ongoing: start === first };
    if (i === HORIZON_MINUTES) break;
    let step = Math.min(
      minutesUntil(clockA.minute, a.sleep.from),
      minutesUntil(clockA.minute, a.sleep.to),
      minutesUntil(clockB.minute, b.sleep.from),
      minutesUntil(clockB.minute, b.sleep.to),
      HORIZON_MINUTES - i,
    );
    for (;;) {
      const [nextA, nextB] = clocksAt(i + step);
      const moved = (from: number, to: number) =>
        (to - from + MINUTES_PER_DAY) % MINUTES_PER_DAY === step % MINUTES_PER_DAY;
      if (step === 1 || (moved(clockA.minute, nextA.minute) && moved(clockB.minute, nextB.minute))) {
        [clockA, clockB] = [nextA, nextB];
        break;
      }
      step = Math.floor(step / 2);
    }
    i += step;
  }
  // Awake together all week (no overlap of sleep with the other's day is possible only in odd configs).
  return start === null
    ? null
    : { start: new Date(start), end: new Date(first + HORIZON_MINUTES * MINUTE), ongoing: start === first };
}

/** "7:00 AM" on the partner's clock, with the weekday when it is not the same local day as `now`. */
export function wallTime(at: Date, timeZone: string, now: Date): string {
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(
    at,
  );
  const day = (d: Date) => new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "short" }).format(d);
  if (day(at) === day(now)) return time;
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(at);
  return `${weekday} ${time}`;
}

/** A place on each side of the distance, as the texts name them. */
export interface NamedPartnerDay extends PartnerDay {
  city: string;
}

/** "Both awake now until 1:30 PM in Florida, 11:00 PM in India" or "Both awake next: 7:00 AM–1:30 PM in Florida, 4:30 PM–11:00 PM in India". */
export function describeBothAwake(a: NamedPartnerDay, b: NamedPartnerDay, now: Date): string {
  const window = nextBothAwake(a, b, now);
  if (!window) return "No waking hours in common this week";
  const side = (p: NamedPartnerDay) =>
    window.ongoing
      ? `${wallTime(window.end, p.timeZone, now)} in ${p.city}`
      : `${wallTime(window.start, p.timeZone, now)}–${wallTime(window.end, p.timeZone, now)} in ${p.city}`;
  return window.ongoing ? `Both awake now until ${side(a)}, ${side(b)}` : `Both awake next: ${side(a)}, ${side(b)}`;
}
