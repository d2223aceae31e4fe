import { backupHealth } from "@spankbank/db/backupHealth";
import { backupHealthReply } from "@spankbank/shared/contract/backups";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** Whether the backups are kept: both partners see a failure until a backup is kept again. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get("/backup-health", { schema: { response: { 200: backupHealthReply } } }, async (request) => {
    signedInUser(request);
    const { lastKeptAt, failing } = backupHealth(db);
    return {
      last_kept_at: lastKeptAt,
      failing: failing && {
        since: failing.since,
        last_tried_at: failing.lastTriedAt,
        message: failing.message,
        rules: [...new Set(failing.brokenRules.map((problem) => problem.rule))],
      },
    };
  });
};
