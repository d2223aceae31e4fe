import type { OutboxEvent } from "@spankbank/db/outbox";
import { milestoneWindow } from "@spankbank/db/visitMilestones";
import type { PartnerDay } from "@spankbank/shared/eachOthersDay";

/**
 * Why an announcement that waited (a channel refusing posts, the bot stopped overnight, a digest
 * held for the morning) would no longer be true if it went out now, or null while it still is:
 * "30 days until you're together" once either of you is on the 29th day, a reminder to redeem a
 * favour past its use-by.
 */
export function noLongerTrue(event: OutboxEvent, partners: readonly PartnerDay[], now: Date): string | null {
  const p = event.payload as Record<string, unknown>;
  switch (event.kind) {
    case "visit_countdown":
      return now >= milestoneWindow(String(p.startDate), Number(p.days), partners).until
        ? "the countdown's day has passed"
        : null;
    case "favour_expiring":
      return now.getTime() >= Date.parse(String(p.useBy)) ? "the favour's use-by has passed" : null;
    default:
      return null;
  }
}
