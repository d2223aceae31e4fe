import { healthReply } from "@spankbank/shared/contract/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Prepared once: the check runs on every probe of a supervisor or a phone.
  const databaseAnswers = app.ctx.db.$client.prepare("SELECT 1");
  app.get("/health", { config: { public: true }, schema: { response: { 200: healthReply } } }, async () => {
    databaseAnswers.get();
    return { status: "ok" as const };
  });

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
};
