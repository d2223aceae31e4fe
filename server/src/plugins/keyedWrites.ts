import type { Tx } from "@spankbank/db/client";
import { Refusal } from "@spankbank/db/errors";
import { onceForKey } from "@spankbank/db/onceForKey";
import type { FastifyRequest } from "fastify";
import { z } from "zod";

/** A retried or double-tapped write carries the same key and happens once. */
export const keyedHeaders = z.looseObject({ "idempotency-key": z.string().min(1).max(100).optional() });

/**
 * Runs a route's write at most once per (partner, Idempotency-Key): a repeat answers the first
 * answer, or throws the first refusal again, and writes nothing. The request the key stands for is
 * the route with its path parameters and body, so the same key for another write is refused.
 */
export function writeOnce<T>(request: FastifyRequest, userId: number, write: (tx: Tx) => T): T {
  const { db, now } = request.server.ctx;
  const key = request.headers["idempotency-key"];
  const asked = `${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.body)}`;
  const { outcome } = onceForKey(
    db,
    { userId, key: typeof key === "string" ? key : undefined, request: asked, now: now() },
    write,
  );
  if (outcome instanceof Refusal) throw outcome;
  return outcome;
}
