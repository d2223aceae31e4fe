import swagger from "@fastify/swagger";
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import fp from "fastify-plugin";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context.js";
import { appOrigins } from "./origins.js";
import { BUSY_RETRY_BUDGET_MS, BUSY_TIMEOUT_MS } from "./plugins/busy.js";
import { registerCompression } from "./plugins/compression.js";
import { registerErrorHandler } from "./plugins/errors.js";
import { registerSecurityHeaders } from "./plugins/security.js";
import { contractSchemaTransform, serializeFromContract, zodSchemaController } from "./plugins/serialize.js";
import { registerSession } from "./plugins/session.js";
import { firstPaintScriptSources, registerWeb } from "./plugins/web.js";
import { apiRoutes } from "./routes/index.js";

export interface AppOptions extends Omit<AppContext, "now"> {
  now?: () => Date;
  /** The built web app (web/dist); without it only the API is served. */
  webRoot?: string;
  /** Served over https (directly or behind a proxy): Secure cookies and HSTS. */
  https?: boolean;
  /**
   * The origin(s) users reach the app at (`appOrigins`): a mutation carrying another Origin is
   * refused. Default: the default listen address's, port 3000 on loopback, however it is spelled.
   */
  publicOrigin?: string | readonly string[];
  /** How long a write retries while another process holds the lock (default 3 s), then 503. */
  busyRetryBudgetMs?: number;
}

export interface BuildAppOptions extends AppOptions {
  /** Trust X-Forwarded-* from a reverse proxy (true, or addresses). */
  trustProxy?: FastifyServerOptions["trustProxy"];
  logger?: FastifyServerOptions["logger"];
  /** Log every request (noisy; errors are always logged). */
  logRequests?: boolean;
}

const spankBank: FastifyPluginAsync<AppOptions> = async (app, options) => {
  const https = options.https ?? false;
  // A write meeting another process's lock waits a few ms here, then retries asynchronously.
  options.db.$client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  app.decorate("ctx", {
    db: options.db,
    config: options.config,
    demo: options.demo,
    now: options.now ?? (() => new Date()),
  });
  app.setValidatorCompiler(validatorCompiler);
  serializeFromContract(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https, inlineScripts: firstPaintScriptSources(options.webRoot) });
  await registerCompression(app);
  await registerSession(app);
  await app.register(swagger, {
    openapi: { info: { title: "Spank Bank API", version: "1.0.0" } },
    transform: contractSchemaTransform,
  });
  await app.register(apiRoutes, {
    prefix: "/api",
    https,
    publicOrigins: [options.publicOrigin ?? appOrigins(undefined, { https: false, host: "127.0.0.1", port: 3000 })]
      .flat()
      .map((origin) => new URL(origin).origin),
    busyRetryBudgetMs: options.busyRetryBudgetMs ?? BUSY_RETRY_BUDGET_MS,
  });
  await registerWeb(app, options.webRoot);
};

/**
 * The whole app as one Fastify plugin: the API under /api and the web page around it. Not
 * encapsulated, so `ctx` and `swagger()` are reachable from the instance it is registered on.
 */
export const spankBankApp = fp(spankBank, { name: "spank-bank", fastify: "5.x" });

/** A Fastify instance with the app registered: what `server.ts` listens with and tests inject into. */
export async function buildApp({
  trustProxy,
  logger,
  logRequests,
  ...options
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    logController: new LogController({ disableRequestLogging: !logRequests }),
    trustProxy: trustProxy ?? false,
    bodyLimit: 64 * 1024,
    schemaController: zodSchemaController,
  });
  // A browser keeps its connection open after an answer: one answered while the server closes (a
  // restart, SIGTERM) is closed with that answer, or the close waited out its grace for the browser.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  await app.register(spankBankApp, options);
  return app;
}
