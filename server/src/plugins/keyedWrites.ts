import type { Tx } from "@spankbank/db/client";
import { Refusal } from "@spankbank/db/errors";
import { KeyReused, onceForKey } from "@spankbank/db/onceForKey";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { httpError } from "./errors.js";

/** A retried or double-tapped write carries the same key and happens once. */
export const keyedHeaders = z.looseObject({ "idempotency-key": z.string().min(1).max(100).optional() });

/**
 * Runs a route's write at most once per (partner, Idempotency-Key): a repeat answers the first
 * answer, or throws the first refusal again, and writes nothing. The request the key stands for is
 * the route with its path parameters and body: the same key with other words (a form sent again,
 * changed, after a lost answer) is refused 422 once its first send was written, so the page can
 * tell "already done" from any other refusal.
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
  if (outcome instanceof KeyReused) throw httpError(422, outcome.message);
  if (outcome instanceof Refusal) throw outcome;
  return outcome;
}
