import { partnersWithDays } from "@spankbank/db/partnerDays";
import { enqueueDueVisitMilestones } from "@spankbank/db/visitMilestones";
import { Cron } from "croner";
import type { BotContext } from "../context.js";
import { logError } from "../logging.js";

/**
 * Writes the next visit's countdown posts (30, 7 and 1 days before it) to the outbox when they
 * are due (at a moment both are awake), checked every minute and at start (a bot that was down catches up the same day). The
 * database marks each milestone of a visit once, so a restart or a second process never posts
 * one twice; the outbox delivery posts them. Returns stop().
 */
export function scheduleVisitMilestones(context: BotContext, clock: () => Date = () => new Date()): () => void {
  const check = () => {
    try {
      // Each partner's own sleep window (set on the web, else the config's), read at each check.
      enqueueDueVisitMilestones(context.db, partnersWithDays(context.db, context.config), clock());
    } catch (error) {
      logError("Checking the visit countdown failed", error);
    }
  };
  const job = new Cron("* * * * *", check);
  check();
  return () => job.stop();
}
