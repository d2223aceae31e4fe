import type { OutboxEvent } from "@spankbank/db/outbox";
import type { PartnerWithDay } from "@spankbank/db/partnerDays";
import { partnerStateAt } from "@spankbank/shared/eachOthersDay";

/**
 * Quiet hours on the recipient's clock (issue 22, point 2), for every outbox kind alike:
 * - an event for one partner (`recipientUserId`) follows that partner's sleep window and setting:
 *   `silent` posts it without a notification while they sleep; `digest` holds what came while
 *   they slept and posts it as one message once their window has ended;
 * - an event for both of you (no recipient), and the daily question, are posted silently while
 *   either of you sleeps (a digest would make the one who is awake wait for the other's morning).
 * Sleep windows are read on each partner's wall clock (Intl), so DST changes need no rules here.
 */
export type QuietDecision =
  | { kind: "post"; silent: boolean }
  /** Asleep with a digest: wait. */
  | { kind: "hold" }
  /** Came while they slept (digest), and they are awake now: part of their morning digest. */
  | { kind: "digest"; recipient: PartnerWithDay };

export const isAsleep = (partner: PartnerWithDay, at: Date) => partnerStateAt(partner, at) === "probably asleep";

/** Whether anything for both of you is posted silently now: either partner is asleep. */
export const silentForBoth = (partners: readonly PartnerWithDay[], now: Date) =>
  partners.some((partner) => isAsleep(partner, now));

/** The partners whose events wait now: asleep, with a morning digest. */
export function holdingFor(partners: readonly PartnerWithDay[], now: Date): number[] {
  return partners.filter((p) => p.quietHours === "digest" && isAsleep(p, now)).map((p) => p.userId);
}

export function quietDecision(event: OutboxEvent, partners: readonly PartnerWithDay[], now: Date): QuietDecision {
  const recipient = partners.find((partner) => partner.userId === event.recipientUserId);
  if (!recipient) return { kind: "post", silent: silentForBoth(partners, now) };
  const asleepNow = isAsleep(recipient, now);
  if (recipient.quietHours === "digest") {
    if (asleepNow) return { kind: "hold" };
    if (isAsleep(recipient, new Date(event.createdAt))) return { kind: "digest", recipient };
  }
  return { kind: "post", silent: asleepNow };
}
