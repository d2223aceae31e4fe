import { setTimeout as sleep } from "node:timers/promises";
import { sqliteErrorCode } from "@spankbank/db/sqliteErrors";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * How long SQLite itself waits for another process's write lock (the bot, a backup), blocking the
 * server's only thread: a few milliseconds, the rest of the wait is asynchronous below.
 */
export const BUSY_TIMEOUT_MS = 20;
/** How long a request keeps retrying a write that met a held lock before answering 503. */
export const BUSY_RETRY_BUDGET_MS = 3000;

/** The database's write lock is held by another connection (SQLITE_BUSY and its variants). */
export function isBusy(error: unknown): boolean {
  return sqliteErrorCode(error)?.startsWith("SQLITE_BUSY") ?? false;
}

/**
 * Every route of the context it is added to: a handler that meets a held write lock runs again
 * after a pause (10 ms doubling to 200 ms) until the budget is spent, while the event loop serves
 * everyone else; then the error handler answers 503 with Retry-After. Safe because a write that
 * meets the lock wrote nothing: transactions are synchronous and IMMEDIATE, so they fail at BEGIN.
 * A handler that writes before a later write (a sign-in counts its try, then starts the session)
 * does that part once per request (`oncePerRequest`): its run again takes the first run's outcome.
 */
export function retryWhenBusy(api: FastifyInstance, budgetMs: number): void {
  api.addHook("onRoute", (route) => {
    const handler = route.handler;
    route.handler = async function retrying(request, reply) {
      const deadline = performance.now() + budgetMs;
      for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
        try {
          return await handler.call(this, request, reply);
        } catch (error) {
          if (!isBusy(error) || performance.now() + pause > deadline) throw error;
          await sleep(pause);
        }
      }
    };
  });
}

const doneFor = new WeakMap<FastifyRequest, Map<string, unknown>>();

/**
 * `work` named `step` done once for this request: a run again of its handler (`retryWhenBusy`, a
 * later write met the lock) takes what the first run's gave, where doing it again would count a
 * sign-in's try twice or find its challenge used up. A step that threw is done again.
 */
export function oncePerRequest<T>(request: FastifyRequest, step: string, work: () => T): T {
  const done = doneFor.get(request) ?? new Map<string, unknown>();
  doneFor.set(request, done);
  if (done.has(step)) return done.get(step) as T;
  const outcome = work();
  done.set(step, outcome);
  return outcome;
}
