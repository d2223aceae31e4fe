/** The date and the minute on a partner's clock `minutes` from now: { date: "2026-12-24", time: "08:00" }. */
export function onClockOf(timeZone: string, minutes: number): { date: string; time: string } {
  const [date, time] = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date(Date.now() + minutes * 60_000))
    .split(" ");
  return { date: date!, time: time! };
}
