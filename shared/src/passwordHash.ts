import {
  PASSWORD_HASH_MAX_LANES,
  PASSWORD_HASH_MAX_MEMORY_KIB,
  PASSWORD_HASH_MAX_PASSES,
  PASSWORD_HASH_MAX_SCRYPT_LOG2N,
} from "./limits.js";

/** What checking a stored password hash costs: its kind and parameters. */
export type PasswordHashCost =
  | { kind: "argon2id"; memoryKiB: number; passes: number; lanes: number }
  | { kind: "scrypt"; log2N: number; r: number; p: number };

const ARGON2ID = /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;
const SCRYPT = /^scrypt\$(\d{1,2})\$(\d{1,3})\$(\d{1,3})\$[\w-]{22}\$[\w-]{43}$/;

/**
 * The cost of a whole stored hash (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>`, or an earlier
 * version's `scrypt$17$8$1$<salt>$<key>`), or undefined when it is not one or costs more than a
 * sign-in may (memory, passes, lanes: the config file cannot make a sign-in take the box down) or
 * less than argon2 runs with (8 KiB a lane).
 */
export function passwordHashCost(hash: string): PasswordHashCost | undefined {
  const argon2 = ARGON2ID.exec(hash);
  if (argon2) {
    const [memoryKiB, passes, lanes] = argon2.slice(1).map(Number) as [number, number, number];
    const fits =
      lanes >= 1 &&
      lanes <= PASSWORD_HASH_MAX_LANES &&
      passes >= 1 &&
      passes <= PASSWORD_HASH_MAX_PASSES &&
      memoryKiB >= 8 * lanes &&
      memoryKiB <= PASSWORD_HASH_MAX_MEMORY_KIB;
    return fits ? { kind: "argon2id", memoryKiB, passes, lanes } : undefined;
  }
  const scrypt = SCRYPT.exec(hash);
  if (scrypt) {
    const [log2N, r, p] = scrypt.slice(1).map(Number) as [number, number, number];
    // scrypt holds 128 * N * r bytes, p times over in turn.
    const fits =
      log2N >= 1 &&
      log2N <= PASSWORD_HASH_MAX_SCRYPT_LOG2N &&
      r >= 1 &&
      (128 * 2 ** log2N * r) / 1024 <= PASSWORD_HASH_MAX_MEMORY_KIB &&
      p >= 1 &&
      p <= PASSWORD_HASH_MAX_PASSES;
    return fits ? { kind: "scrypt", log2N, r, p } : undefined;
  }
  return undefined;
}

/** Two stored hashes cost the same to check: a wrong password for either name takes as long. */
export function sameCost(a: PasswordHashCost, b: PasswordHashCost): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
