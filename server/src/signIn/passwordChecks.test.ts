import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { HASH_TIMING_MAX_AGE_MS, PasswordChecks } from "./passwordChecks.js";

const REAL = "real-hash";
const DECOY = "decoy-hash";
const HASH_MS = 60;

/** A stand-in scrypt that takes HASH_MS and records what it hashed and how many ran at once. */
function fakeHashing() {
  const hashed: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const verify = async (password: string, stored: string) => {
    hashed.push(stored);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await sleep(HASH_MS);
    running -= 1;
    return stored === REAL && password === "right";
  };
  return { verify, hashed, mostAtOnce: () => mostAtOnce };
}

const stranger = (username: string) => ({ known: false, username });
const aPartner = { known: true, username: "alex" };

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe("password checks", () => {
  it("hashes the decoy for real until a hash was measured, then waits as long as one instead", async () => {
    // The hash measures MEASURED_MS on the checks' clock, whatever a loaded machine made of the real 60 ms.
    const MEASURED_MS = 250;
    let now = 0;
    const hashing = fakeHashing();
    const checks = new PasswordChecks({
      maxWaiting: 2,
      decoyHash: DECOY,
      verify: async (password, stored) => {
        now += MEASURED_MS;
        return hashing.verify(password, stored);
      },
      clock: () => now,
    });
    const first = await timed(checks.check("guess", undefined, stranger("nobody"))!);
    expect(first.value).toBe(false);
    expect(hashing.hashed).toEqual([DECOY]);

    const second = await timed(checks.check("guess", undefined, stranger("nobody"))!);
    expect(second.value).toBe(false);
    expect(hashing.hashed).toEqual([DECOY]);
    // As long as the measured hash (not a hash, not the real 60 ms), and once: a busy box only adds its lateness.
    expect(second.ms).toBeGreaterThanOrEqual(MEASURED_MS - 5);
    expect(second.ms).toBeLessThan(2 * MEASURED_MS);
  });

  it("re-measures with a real decoy hash when the newest measurement is older than the limit", async () => {
    let now = 0;
    const hashing = fakeHashing();
    const checks = new PasswordChecks({
      maxWaiting: 2,
      decoyHash: DECOY,
      verify: async (password, stored) => {
        now += HASH_MS;
        return hashing.verify(password, stored);
      },
      clock: () => now,
    });
    await checks.check("guess", undefined, stranger("nobody"));
    await checks.check("guess", undefined, stranger("nobody"));
    expect(hashing.hashed).toEqual([DECOY]);
    now += HASH_TIMING_MAX_AGE_MS + 1;
    await checks.check("guess", undefined, stranger("nobody"));
    expect(hashing.hashed).toEqual([DECOY, DECOY]);
  });

  it("gives each username its own strangers' line: a flood at one name is refused there only", async () => {
    const hashing = fakeHashing();
    const checks = new PasswordChecks({ maxWaiting: 2, decoyHash: DECOY, verify: hashing.verify });
    await checks.check("guess", undefined, stranger("nobody")); // measured once
    const flood = Array.from({ length: 5 }, () => checks.check("guess", undefined, stranger("nobody")));
    // One running and two waiting; the rest are refused before any work.
    expect(flood.filter((check) => check === undefined)).toHaveLength(2);
    expect(checks.strangersAhead("nobody")).toBe(3);
    expect(checks.strangersAhead("alex")).toBe(0);

    // A partner on a new address and device is a stranger too: their own name's line is free.
    const newPlace = checks.check("right", REAL, stranger("alex"));
    expect(newPlace).toBeDefined();
    expect(await newPlace).toBe(true);
    expect(hashing.hashed).toEqual([DECOY, REAL]);
    expect(await Promise.all(flood.filter((check) => check !== undefined))).toEqual([false, false, false]);
    expect(checks.strangersAhead("nobody")).toBe(0);
  });

  it("a flood of different made-up names refuses none and hashes only the first decoy", async () => {
    const hashing = fakeHashing();
    const checks = new PasswordChecks({ maxWaiting: 2, decoyHash: DECOY, verify: hashing.verify });
    const flood = Array.from({ length: 10 }, (_, i) => checks.check("guess", undefined, stranger(`nobody-${i}`)));
    expect(flood.every((check) => check !== undefined)).toBe(true);
    expect(await Promise.all(flood)).toEqual(Array.from({ length: 10 }, () => false));
    // The first measured a hash; the rest, queued behind it, waited as long instead.
    expect(hashing.hashed).toEqual([DECOY]);
  });

  it("hashes one at a time, strangers who name a real partner and partners alike", async () => {
    const hashing = fakeHashing();
    const checks = new PasswordChecks({ maxWaiting: 5, decoyHash: DECOY, verify: hashing.verify });
    const order: string[] = [];
    const note = (name: string, check: Promise<boolean> | undefined) =>
      check!.then((valid) => {
        order.push(`${name}:${valid}`);
      });
    const strangers = [note("stranger-1", checks.check("guess", REAL, stranger("alex")))];
    await sleep(5); // stranger-1 is hashing
    strangers.push(note("stranger-2", checks.check("guess", REAL, stranger("alex"))));
    const partner = note("partner", checks.check("right", REAL, aPartner));
    await Promise.all([...strangers, partner]);
    expect(hashing.mostAtOnce()).toBe(1);
    expect(order).toEqual(["stranger-1:false", "partner:true", "stranger-2:false"]);
  });
});
