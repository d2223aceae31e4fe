import { setTimeout as sleep } from "node:timers/promises";
import { verifyPassword } from "@spankbank/db/password";
import { PasswordCheckQueue } from "./passwordCheckQueue.js";

/** How long a measured hash stands for the decoy's duration before a real decoy hash re-measures it. */
export const HASH_TIMING_MAX_AGE_MS = 60 * 60 * 1000;
/** Recent real hash durations kept; a decoy waits as long as one of them, picked at random. */
const TIMINGS_KEPT = 8;

export interface PasswordChecksOptions {
  /** Strangers' sign-ins that may wait beyond the one running; more are refused. */
  maxWaiting: number;
  /** A stored hash no password matches, at the partners' cost. */
  decoyHash: string;
  verify?: (password: string, stored: string) => Promise<boolean>;
  /** Milliseconds, monotonic. */
  clock?: () => number;
}

/**
 * Who checks a password, and when. Two kinds of line:
 * - strangers (no address or device a partner signed in from lately) wait in a short line per
 *   username, one at a time, and are refused when it is full: a flood at one name gets 503 before
 *   any work, and a flood of made-up names never fills a partner's line;
 * - the hashing itself (argon2id: 19 MiB of a libuv thread; a scrypt hash of an earlier version:
 *   128 MiB and most of a second) runs one at a time,
 *   a partner's known address first, so memory stays bounded whoever asks.
 * A stranger's made-up username never touches the hashing: its turn in the strangers' line lasts
 * as long as a real hash measured lately, so its answer and timing match a wrong password for a
 * real name (as seen from any stranger's address) while costing no memory or CPU. A flood of made-up
 * names therefore cannot delay a partner's sign-in. With no recent measurement the decoy is
 * hashed for real, which also measures it.
 */
export class PasswordChecks {
  /** One line per username (lower-cased) while someone is in it. */
  readonly #strangers = new Map<string, PasswordCheckQueue>();
  readonly #maxWaiting: number;
  readonly #hashing = new PasswordCheckQueue(Number.POSITIVE_INFINITY);
  readonly #timings: { ms: number; at: number }[] = [];
  readonly #decoyHash: string;
  readonly #verify: (password: string, stored: string) => Promise<boolean>;
  readonly #clock: () => number;

  constructor({
    maxWaiting,
    decoyHash,
    verify = verifyPassword,
    clock = () => performance.now(),
  }: PasswordChecksOptions) {
    this.#maxWaiting = maxWaiting;
    this.#decoyHash = decoyHash;
    this.#verify = verify;
    this.#clock = clock;
  }

  /** Strangers ahead of a newcomer at `username`: the one running and the line. */
  strangersAhead(username: string): number {
    return this.#strangers.get(username.toLowerCase())?.ahead ?? 0;
  }

  /**
   * Whether `password` matches `stored` (undefined: the username is unknown, always false), or
   * undefined when the strangers' line at this username is full and the check was refused before
   * any work.
   */
  check(
    password: string,
    stored: string | undefined,
    { known, username }: { known: boolean; username: string },
  ): Promise<boolean> | undefined {
    if (known) return this.#hash(password, stored, true);
    const name = username.toLowerCase();
    let line = this.#strangers.get(name);
    if (line === undefined) {
      line = new PasswordCheckQueue(this.#maxWaiting);
      this.#strangers.set(name, line);
    }
    const turn = line.enter(false);
    if (!turn) return undefined;
    return turn.then(async (release) => {
      try {
        return await this.#hash(password, stored, false);
      } finally {
        release();
        // Forgotten when empty: made-up names leave nothing behind.
        if (line.ahead === 0) this.#strangers.delete(name);
      }
    });
  }

  async #hash(password: string, stored: string | undefined, known: boolean): Promise<boolean> {
    const decoyWait = stored === undefined ? this.#decoyWait() : undefined;
    if (decoyWait !== undefined) {
      await sleep(decoyWait);
      return false;
    }
    const release = await this.#hashing.enter(known)!;
    if (stored === undefined) {
      // Queued for a real decoy hash before any was measured; one has been since: wait instead.
      const measured = this.#decoyWait();
      if (measured !== undefined) {
        release();
        await sleep(measured);
        return false;
      }
    }
    try {
      const started = this.#clock();
      const valid = await this.#verify(password, stored ?? this.#decoyHash);
      this.#remember(this.#clock() - started);
      return valid && stored !== undefined;
    } finally {
      release();
    }
  }

  /** A recent real hash's duration, or undefined when none is recent enough to stand for one. */
  #decoyWait(): number | undefined {
    const newest = this.#timings.at(-1);
    if (!newest || this.#clock() - newest.at > HASH_TIMING_MAX_AGE_MS) return undefined;
    return this.#timings[Math.floor(Math.random() * this.#timings.length)]!.ms;
  }

  #remember(ms: number): void {
    this.#timings.push({ ms, at: this.#clock() });
    if (this.#timings.length > TIMINGS_KEPT) this.#timings.shift();
  }
}
