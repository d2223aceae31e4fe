import type { Visit } from "@spankbank/shared/contract/visits";
import { visitDays } from "@spankbank/shared/visits";

/** "Fri 18 Dec – Sun 27 Dec · Lisbon" ("Sat 19 Dec · Lisbon" for one day), with years when they are not this year's. */
export function datesOf(visit: Visit, today: string): string {
  const range = visitDays(visit.start_date, visit.end_date, today, " – ");
  return visit.place ? `${range} · ${visit.place}` : range;
}
