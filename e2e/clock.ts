import { wallClockAt } from "@spankbank/shared/calendar";

/** The date and the minute on a partner's clock `minutes` from now: { date: "2026-12-24", time: "08:00" }. */
export function onClockOf(timeZone: string, minutes: number): { date: string; time: string } {
  const [date, time] = wallClockAt(new Date(Date.now() + minutes * 60_000), timeZone).split("T");
  return { date: date!, time: time! };
}
