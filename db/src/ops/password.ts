import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** The production cost: N=2^17, r=8, p=1 (OWASP), 128 MiB and most of a second of one core per hash. */
export const PASSWORD_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, { log2N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node refuses scrypt above 32 MiB unless told: allow twice what this cost needs (128 * N * r bytes).
    scrypt(password, salt, KEY_LENGTH, { N: 2 ** log2N, r, p, maxmem: 2 * 128 * 2 ** log2N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * `scrypt$17$8$1$<salt>$<hash>`, both base64url: the cost travels with the hash. Tests pass a
 * cheap cost; everything else hashes at `PASSWORD_COST`.
 */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.log2N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parseStored(stored: string): StoredHash | undefined {
  const [scheme, log2N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !log2N || !r || !p || !salt || !hash) return undefined;
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((n) => Number.isInteger(n) && n > 0) || cost.log2N > 20) return undefined;
  return { cost, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/**
 * A hash no password matches, at the same cost as `like`: checked when the username is unknown,
 * so an unknown name and a wrong password take the same time.
 */
export function decoyHashLike(like: string): string {
  const { log2N, r, p } = parseStored(like)?.cost ?? PASSWORD_COST;
  return ["scrypt", log2N, r, p, "A".repeat(22), "A".repeat(43)].join("$");
}
