import { and, eq, lt, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal, type RefusalCode } from "./errors.js";
import { param, preparedFor } from "./prepared.js";
import { idempotencyKeys } from "./schema.js";

export interface KeyedWrite {
  userId: number;
  /** The client's Idempotency-Key; without one the write simply happens. */
  key: string | undefined;
  /** What the key asks for (e.g. `productId=3`): the same key for another request is refused. */
  request: string;
  now?: Date | undefined;
}

/** How an outcome is remembered under its key (`purchase` is how purchases were stored before). */
type StoredOutcome<T> = { answer: T } | { purchase: T } | { refusal: { code: RefusalCode; message: string } };

/**
 * The key's first send was written, and this one asks something else (a form whose answer was lost,
 * its words changed before it was sent again): nothing more is written. HTTP answers it 422.
 */
export class KeyReused extends Refusal {
  constructor() {
    super(
      "conflict",
      "Your first try already went through before the connection dropped, so this one was not sent again: what you see now is what was saved.",
    );
  }
}

const keyStatements = preparedFor((db) => ({
  find: db
    .select({ request: idempotencyKeys.request, outcome: idempotencyKeys.outcome })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, param("userId")), eq(idempotencyKeys.key, param("key"))))
    .prepare(),
  remember: db
    .insert(idempotencyKeys)
    .values({
      userId: sql.placeholder("userId"),
      key: sql.placeholder("key"),
      request: sql.placeholder("request"),
      outcome: sql.placeholder("outcome"),
      createdAt: sql.placeholder("createdAt"),
    })
    .prepare(),
  forget: db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, param("userId")), eq(idempotencyKeys.key, param("key"))))
    .prepare(),
  // Reads only the expired rows, through idempotency_keys_created.
  forgetBefore: db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, param("cutoff")))
    .prepare(),
}));

/**
 * A write that happens at most once per (partner, Idempotency-Key), so a tap again after a lost
 * answer is the same write, never a second one. Its answer, or the Refusal that stopped it, is stored
 * in the write's own transaction; a repeat of the key gets it back (`replayed`) without writing.
 * The key with other words gets KeyReused once its first send was written (nothing more is).
 * The answer must survive JSON. Any other error rolls everything back and stores nothing.
 */
export function onceForKey<T>(
  db: Db,
  { userId, key, request, now = new Date() }: KeyedWrite,
  write: (tx: Tx) => T,
): { outcome: T | Refusal; replayed: boolean } {
  return inTransaction(db, (tx) => {
    if (key === undefined) return { outcome: refusalOr(() => write(tx)), replayed: false };
    const statements = keyStatements(tx);
    statements.forgetBefore.run({ cutoff: isoNow(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)) });
    const stored = statements.find.get({ userId, key });
    if (stored) {
      const first = outcomeOf(JSON.parse(stored.outcome) as StoredOutcome<T>);
      if (stored.request === request) return { outcome: first, replayed: true };
      // A form sends one key until it is answered, its words changed meanwhile: written once, it stays
      // written as it was; refused, nothing was written, so the changed words are tried in its place.
      if (!(first instanceof Refusal)) return { outcome: new KeyReused(), replayed: false };
      statements.forget.run({ userId, key });
    }
    // A savepoint, so a refusal found midway still leaves nothing but the stored outcome behind.
    const outcome = refusalOr(() => inTransaction(tx, write));
    statements.remember.run({
      userId,
      key,
      request,
      outcome: JSON.stringify(storedOutcome(outcome)),
      createdAt: isoNow(now),
    });
    return { outcome, replayed: false };
  });
}

function storedOutcome<T>(outcome: T | Refusal): StoredOutcome<T> {
  return outcome instanceof Refusal
    ? { refusal: { code: outcome.code, message: outcome.message } }
    : { answer: outcome };
}

function outcomeOf<T>(stored: StoredOutcome<T>): T | Refusal {
  if ("refusal" in stored) return new Refusal(stored.refusal.code, stored.refusal.message);
  return "answer" in stored ? stored.answer : stored.purchase;
}

function refusalOr<T>(work: () => T): T | Refusal {
  try {
    return work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
}

/** A key only has to outlive the retries of one write: a day is plenty. */
const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
