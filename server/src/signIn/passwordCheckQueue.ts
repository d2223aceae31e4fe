/** Gives the place back: the next sign-in in line starts its check. */
export type Release = () => void;

/**
 * Password checks one at a time. Each holds memory and a libuv thread (shared with file reads):
 * argon2id 19 MiB for a few milliseconds, a scrypt hash from an earlier version 128 MiB for most
 * of a second, so parallel guesses would exhaust memory and stall static pages.
 * Sign-ins wait in a short line, those from an address a partner signed in from at its head; when
 * the line is full the sign-in is refused before any hashing. Hand-written: the kept libraries
 * have no bounded priority queue, and this is a dozen lines.
 */
export class PasswordCheckQueue {
  #running = false;
  readonly #waiting: { start: () => void; known: boolean }[] = [];

  constructor(readonly maxWaiting: number) {}

  /** How many checks are ahead of a newcomer: the running one and the line. */
  get ahead(): number {
    return (this.#running ? 1 : 0) + this.#waiting.length;
  }

  /**
   * A place in line, or undefined when the line is full. Known addresses always get a place (each
   * is held to 5 failures per window by the login limit), ahead of every unknown one.
   */
  enter(known: boolean): Promise<Release> | undefined {
    if (!this.#running) {
      this.#running = true;
      return Promise.resolve(this.#release());
    }
    if (!known && this.#waiting.length >= this.maxWaiting) return undefined;
    return new Promise((resolve) => {
      const entry = { start: () => resolve(this.#release()), known };
      const firstUnknown = this.#waiting.findIndex((waiting) => !waiting.known);
      if (known && firstUnknown >= 0) this.#waiting.splice(firstUnknown, 0, entry);
      else this.#waiting.push(entry);
    });
  }

  #release(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next.start();
      else this.#running = false;
    };
  }
}
