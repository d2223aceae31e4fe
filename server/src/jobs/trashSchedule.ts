import type { Db } from "@spankbank/db/client";
import { purgeTrash } from "@spankbank/db/memoryTrash";
import type { CoupleConfig } from "@spankbank/shared/config";
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";

/** Past the daily backup's usual hour: a memory purged today is still in last night's backup. */
const PURGE_AT = "30 4 * * *";

export interface TrashSchedule {
  stop(): void;
}

/**
 * Empties the memory trash of what was deleted more than MEMORY_TRASH_DAYS ago: once at start
 * (a box that sleeps through 04:30 still purges) and daily at 04:30 in the couple's zone (croner).
 */
export function scheduleTrashPurge(options: { db: Db; config: CoupleConfig; log: FastifyBaseLogger }): TrashSchedule {
  const { db, config, log } = options;
  const purge = () => {
    try {
      const purged = purgeTrash(db);
      if (purged.memories > 0) log.info(purged, "memory trash purged");
    } catch (error) {
      // The next day tries again; nothing was removed by a failed transaction.
      log.error({ err: error }, "memory trash purge failed");
    }
  };
  purge();
  const job = new Cron(PURGE_AT, { timezone: config.dailyQuestion.timeZone }, purge);
  return { stop: () => job.stop() };
}
