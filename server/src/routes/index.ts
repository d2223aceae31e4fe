import type { FastifyPluginAsync } from "fastify";
import { retryWhenBusy } from "../plugins/busy.js";
import { neverCached } from "../plugins/caching.js";
import { requireSameOriginJson } from "../plugins/security.js";
import { requireSession } from "../plugins/session.js";
import { backupRoutes } from "./backups.js";
import { charityRoutes } from "./charity.js";
import { economyRoutes } from "./economy.js";
import { expiredFavourRoutes } from "./expiredFavours.js";
import { exportRoutes } from "./export.js";
import { healthRoutes } from "./health.js";
import { inventoryRoutes } from "./inventory.js";
import { laterLetterRoutes } from "./laterLetters.js";
import { letterRoutes } from "./letters.js";
import { mediaRoutes } from "./media.js";
import { memoryRoutes } from "./memories.js";
import { myDayRoutes } from "./myDay.js";
import { owedRoutes } from "./owed.js";
import { productRoutes } from "./products.js";
import { questionRoutes } from "./questions.js";
import { quoteRoutes } from "./quotes.js";
import { signInRoutes } from "./signIn.js";
import { transactionRoutes } from "./transactions.js";
import { visitRoutes } from "./visits.js";
import { workoutRoutes } from "./workouts.js";

/** Every /api resource, one plugin each. */
export const apiRoutes: FastifyPluginAsync<{
  https: boolean;
  publicOrigins: readonly string[];
  busyRetryBudgetMs: number;
}> = async (app, { https, publicOrigins, busyRetryBudgetMs }) => {
  // Hooks of this context run for every route below, whatever the spelling of the request URL.
  retryWhenBusy(app, busyRetryBudgetMs);
  requireSameOriginJson(app, { publicOrigins });
  neverCached(app);
  requireSession(app);
  await app.register(healthRoutes);
  await app.register(signInRoutes, { https });
  await app.register(economyRoutes);
  await app.register(productRoutes);
  await app.register(inventoryRoutes);
  await app.register(owedRoutes);
  await app.register(expiredFavourRoutes);
  await app.register(charityRoutes);
  await app.register(transactionRoutes);
  await app.register(memoryRoutes);
  await app.register(mediaRoutes);
  await app.register(questionRoutes);
  await app.register(quoteRoutes);
  await app.register(workoutRoutes);
  await app.register(letterRoutes);
  await app.register(myDayRoutes);
  await app.register(laterLetterRoutes);
  await app.register(visitRoutes);
  await app.register(exportRoutes);
  await app.register(backupRoutes);
};
