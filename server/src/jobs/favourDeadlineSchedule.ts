import { settleBountyDeadlines } from "@spankbank/db/bounties";
import type { Db } from "@spankbank/db/client";
import { settleFavourDeadlines } from "@spankbank/db/favourDeadlines";
import { partnersWithDays } from "@spankbank/db/partnerDays";
import type { CoupleConfig } from "@spankbank/shared/config";
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";

/** Every quarter hour: a reminder waits at most that long after the buyer wakes. */
const CHECK_EVERY = "*/15 * * * *";

export interface FavourDeadlineSchedule {
  stop(): void;
}

/**
 * Expires favours not redeemed in time (refunding their escrow) and reminds buyers before (while
 * awake on the day they set on the web, else the config's), and refunds bounties past their due
 * day and not done, once at start (a box that slept through the deadline settles it now) and every
 * 15 minutes (croner). Each unit's expiry and reminder and each bounty's refund happen once
 * however often or concurrently this runs.
 */
export function scheduleFavourDeadlines(options: {
  db: Db;
  config: CoupleConfig;
  log: FastifyBaseLogger;
}): FavourDeadlineSchedule {
  const { db, config, log } = options;
  const check = () => {
    try {
      // Each partner's sleep as they set it on the web ("Your day"), else the config's: read at each check.
      const settled = settleFavourDeadlines(db, partnersWithDays(db, config));
      if (settled.expired > 0 || settled.reminded > 0) log.info(settled, "favour deadlines settled");
      if (settled.stuck)
        log.error({ stuck: settled.stuck }, "favours that cannot expire: their rows disagree (see the health check)");
      const bounties = settleBountyDeadlines(db);
      if (bounties.refunded > 0)
        log.info({ bountiesRefunded: bounties.refunded }, "bounties past their due day refunded");
      if (bounties.stuck)
        log.error(
          { stuck: bounties.stuck },
          "bounties that cannot be refunded: their rows disagree (see the health check)",
        );
    } catch (error) {
      // The next quarter hour tries again; a failed transaction wrote nothing.
      log.error({ err: error }, "favour deadline check failed");
    }
  };
  check();
  const job = new Cron(CHECK_EVERY, { timezone: config.dailyQuestion.timeZone, protect: true }, check);
  return { stop: () => job.stop() };
}
