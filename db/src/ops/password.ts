import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { PASSWORD_HASH_MAX_MEMORY_KIB, PASSWORD_HASH_MAX_SCRYPT_LOG2N } from "@spankbank/shared/limits";

/** argon2id's cost: memory in KiB, passes over it, lanes. */
export interface Argon2Cost {
  memoryKiB: number;
  passes: number;
  lanes: number;
}

/** scrypt's cost (the hashes of versions before argon2id, and cheap ones in tests): N = 2^log2N, block size r, parallelism p. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/**
 * The production cost: argon2id with OWASP's first parameters (19 MiB, 2 passes, 1 lane), as
 * DESIGN.md allows beside scrypt N=2^17, which held 128 MiB during every sign-in, most of the
 * server's memory on a small box.
 */
export const PASSWORD_COST: Argon2Cost = { memoryKiB: 19 * 1024, passes: 2, lanes: 1 };
const KEY_LENGTH = 32;
/** `Algorithm.Argon2id`: the package declares its enum `const`, which this project's TypeScript settings cannot read. */
const ARGON2ID_ALGORITHM = 2;

function deriveScrypt(password: string, salt: Buffer, { log2N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node refuses scrypt above 32 MiB unless told: allow twice what this cost needs (128 * N * r bytes).
    scrypt(password, salt, KEY_LENGTH, { N: 2 ** log2N, r, p, maxmem: 2 * 128 * 2 ** log2N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * argon2id's standard string, `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (base64, the cost
 * travels with the hash); or, given a scrypt cost (tests), `scrypt$10$8$1$<salt>$<hash>` (base64url).
 */
export async function hashPassword(password: string, cost: Argon2Cost | ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  if ("log2N" in cost) {
    const key = await deriveScrypt(password, salt, cost);
    return ["scrypt", cost.log2N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
  }
  return argon2Hash(password, {
    algorithm: ARGON2ID_ALGORITHM,
    memoryCost: cost.memoryKiB,
    timeCost: cost.passes,
    parallelism: cost.lanes,
    outputLen: KEY_LENGTH,
    salt,
  });
}

const ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

/** A stored hash above the limits is refused rather than run: the config file cannot make a sign-in take the box down. */
function argon2CostOf(stored: string): Argon2Cost | undefined {
  const [, m, t, p] = ARGON2ID.exec(stored) ?? [];
  const cost = { memoryKiB: Number(m), passes: Number(t), lanes: Number(p) };
  if (
    !Object.values(cost).every((n) => Number.isInteger(n) && n > 0) ||
    cost.memoryKiB > PASSWORD_HASH_MAX_MEMORY_KIB
  ) {
    return undefined;
  }
  return cost;
}

interface StoredScrypt {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parseScrypt(stored: string): StoredScrypt | undefined {
  const [scheme, log2N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !log2N || !r || !p || !salt || !hash) return undefined;
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((n) => Number.isInteger(n) && n > 0) || cost.log2N > PASSWORD_HASH_MAX_SCRYPT_LOG2N) {
    return undefined;
  }
  return { cost, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (argon2CostOf(stored)) return argon2Verify(stored, password);
  const parsed = parseScrypt(stored);
  if (!parsed) return false;
  const key = await deriveScrypt(password, parsed.salt, parsed.cost);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/**
 * A hash no password matches, of the same kind and cost as `like`: checked when the username is
 * unknown, so an unknown name and a wrong password take the same time.
 */
export function decoyHashLike(like: string): string {
  const scryptCost = parseScrypt(like)?.cost;
  if (scryptCost)
    return ["scrypt", scryptCost.log2N, scryptCost.r, scryptCost.p, "A".repeat(22), "A".repeat(43)].join("$");
  const { memoryKiB, passes, lanes } = argon2CostOf(like) ?? PASSWORD_COST;
  return `$argon2id$v=19$m=${memoryKiB},t=${passes},p=${lanes}$${"A".repeat(22)}$${"A".repeat(43)}`;
}
