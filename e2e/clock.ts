import { instantAt, wallClockAt } from "@spankbank/shared/calendar";

/**
 * The date and the minute on a partner's clock `minutes` from now: { date: "2026-12-24", time: "08:00" }.
 * In the hour an autumn night shows twice, its second showing's readings name the first (the app's
 * rule), already gone: then the first reading at least `minutes` ahead that names a moment to come.
 */
export function onClockOf(timeZone: string, minutes: number): { date: string; time: string } {
  for (let at = Date.now() + minutes * 60_000; ; at += 60_000) {
    const [date, time] = wallClockAt(new Date(at), timeZone).split("T") as [string, string];
    if (instantAt(date, time, timeZone).getTime() > Date.now()) return { date, time };
  }
}
