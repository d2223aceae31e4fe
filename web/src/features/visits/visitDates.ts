import { shortDate } from "@spankbank/shared/calendar";
import type { Visit } from "@spankbank/shared/contract/visits";

/** "Fri 18 Dec – Sun 27 Dec · Lisbon", with years when they are not this year's. */
export function datesOf(visit: Visit, today: string): string {
  const range = `${shortDate(visit.start_date, today)} – ${shortDate(visit.end_date, today)}`;
  return visit.place ? `${range} · ${visit.place}` : range;
}
