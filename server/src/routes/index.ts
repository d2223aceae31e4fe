import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./auth.js";
import { healthRoutes } from "./health.js";

/** Every /api resource, one plugin each. */
export const apiRoutes: FastifyPluginAsync<{ https: boolean }> = async (app, { https }) => {
  await app.register(healthRoutes);
  await app.register(authRoutes, { https });
};
