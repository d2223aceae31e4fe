import type { Db } from "@spankbank/db/client";
import type { User } from "@spankbank/db/couple";
import { partnersWithDays } from "@spankbank/db/partnerDays";
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

/**
 * Both partners as the page needs them (names, zones, cities, each one's effective day: their own
 * from the web, else the config's): never hashes or Discord ids.
 */
export function toCoupleSummary(db: Db, config: CoupleConfig, demo: boolean): CoupleSummary {
  const [a, b] = partnersWithDays(db, config).map(
    ({ username, displayName, responseName, timeZone, city, sleep, work }) => ({
      username,
      displayName,
      responseName,
      timeZone,
      city,
      sleep,
      ...(work ? { work } : {}),
    }),
  );
  return { partners: [a!, b!], charityName: config.charityName, timeZone: config.dailyQuestion.timeZone, demo };
}
