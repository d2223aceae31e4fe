import type { ExpiredFavour } from "@spankbank/shared/contract/expiredFavours";
import { spanks } from "@spankbank/shared/spanks";

/**
 * What an expired favour means to the partner reading it: the buyer got their spanks back, the
 * seller's partner did. "Long hug" expired unused: your 20 spanks came back to you.
 */
export function expiredFavourText(
  favour: ExpiredFavour,
  me: string,
  displayName: (username: string) => string,
): string {
  const what = `"${favour.name}" expired unused`;
  if (favour.buyer === me) {
    return favour.price > 0 ? `${what}: your ${spanks(favour.price)} came back to you.` : `${what}.`;
  }
  const buyer = displayName(favour.buyer);
  return favour.price > 0
    ? `${what} by ${buyer}: the ${spanks(favour.price)} went back to ${buyer}.`
    : `${what} by ${buyer}.`;
}
