/** Every stored time is an ISO 8601 string in UTC, so text order is time order. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}
