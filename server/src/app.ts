import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context.js";
import { registerAuth } from "./plugins/auth.js";
import { registerErrorHandler } from "./plugins/errors.js";
import { registerSecurity } from "./plugins/security.js";
import { registerWeb } from "./plugins/web.js";
import { apiRoutes } from "./routes/index.js";

export interface BuildAppOptions extends Omit<AppContext, "now"> {
  now?: () => Date;
  /** The built web app (web/dist); without it only the API is served. */
  webRoot?: string;
  /** Served over https (directly or behind a proxy): Secure cookies and HSTS. */
  https?: boolean;
  /** Trust X-Forwarded-* from a reverse proxy (true, a hop count, or addresses). */
  trustProxy?: FastifyServerOptions["trustProxy"];
  logger?: FastifyServerOptions["logger"];
}

/** The whole HTTP app as one Fastify instance; `server.ts` only listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const https = options.https ?? false;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
  });
  app.decorate("ctx", {
    db: options.db,
    config: options.config,
    demo: options.demo,
    now: options.now ?? (() => new Date()),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, { https });
  await registerAuth(app);
  await app.register(swagger, {
    openapi: { info: { title: "Spank Bank API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(apiRoutes, { prefix: "/api", https });
  await registerWeb(app, options.webRoot);
  return app;
}
