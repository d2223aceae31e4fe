import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { passwordHashCost } from "@spankbank/shared/passwordHash";

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

/** Whether `password` is the one `stored` was made from; false for a hash `passwordHashCost` refuses. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const cost = passwordHashCost(stored);
  if (cost === undefined) return false;
  if (cost.kind === "argon2id") return argon2Verify(stored, password);
  const [, , , , salt, hash] = stored.split("$") as [string, string, string, string, string, string];
  const key = await deriveScrypt(password, Buffer.from(salt, "base64url"), cost);
  const expected = Buffer.from(hash, "base64url");
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches, of the same kind and cost as `like`: checked when the username is
 * unknown, so an unknown name and a wrong password take the same time.
 */
export function decoyHashLike(like: string): string {
  const cost = passwordHashCost(like) ?? { kind: "argon2id", ...PASSWORD_COST };
  if (cost.kind === "scrypt") return ["scrypt", cost.log2N, cost.r, cost.p, "A".repeat(22), "A".repeat(43)].join("$");
  return `$argon2id$v=19$m=${cost.memoryKiB},t=${cost.passes},p=${cost.lanes}$${"A".repeat(22)}$${"A".repeat(43)}`;
}
