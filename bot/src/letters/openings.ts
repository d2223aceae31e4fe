import { announceOpenedLetters } from "@spankbank/db/laterLetters";
import { Cron } from "croner";
import type { BotContext } from "../context.js";

/** Every minute, on the minute: a letter set for 08:00 is announced within the minute it opens. */
const EVERY_MINUTE = "0 * * * * *";

/**
 * Queues the announcement of each letter for later whose moment has come: at start (a letter that
 * opened while the bot was down is announced now) and every minute (croner). The database marks
 * each one announced in the same transaction, so no opening is queued twice across restarts or a
 * second process; outbox delivery posts it. Returns stop().
 */
export function scheduleLetterOpenings(context: BotContext): () => void {
  const check = () => {
    try {
      announceOpenedLetters(context.db);
    } catch (error) {
      // Nothing was queued by a failed transaction: the next minute tries again.
      console.error("Checking for letters that opened failed:", error);
    }
  };
  check();
  const job = new Cron(EVERY_MINUTE, check);
  return () => job.stop();
}
