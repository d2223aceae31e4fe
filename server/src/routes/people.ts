import type { User } from "@spankbank/db/couple";
import type { CoupleConfig } from "@spankbank/shared/config";
import type { CoupleSummary, SessionUser } from "@spankbank/shared/contract/auth";

export function toSessionUser(user: User): SessionUser {
  return {
    username: user.username,
    displayName: user.displayName,
    responseName: user.responseName,
    discordId: user.discordId,
    timeZone: user.timeZone,
    city: user.city,
  };
}

/** Both partners as the page needs them (names, zones, cities): never hashes or Discord ids. */
export function toCoupleSummary(config: CoupleConfig, demo: boolean): CoupleSummary {
  const [a, b] = config.partners.map(({ username, displayName, responseName, timeZone, city, sleep, work }) => ({
    username,
    displayName,
    responseName,
    timeZone,
    city,
    sleep,
    ...(work ? { work } : {}),
  }));
  return { partners: [a!, b!], charityName: config.charityName, timeZone: config.dailyQuestion.timeZone, demo };
}
