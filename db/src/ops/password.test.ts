import { describe, expect, it } from "vitest";
import { decoyHashLike, hashPassword, PASSWORD_COST, verifyPassword } from "./password.js";

const cheapScrypt = { log2N: 10, r: 8, p: 1 };

describe("password hashes", () => {
  it("are argon2id at OWASP's cost (19 MiB, 2 passes, 1 lane) and verify the password they were made from, and no other", async () => {
    const hash = await hashPassword("rose-petals");
    expect(PASSWORD_COST).toEqual({ memoryKiB: 19456, passes: 2, lanes: 1 });
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("rose-petals", hash)).toBe(true);
    expect(await verifyPassword("rose-petal", hash)).toBe(false);
    // A fresh salt each time.
    expect(await hashPassword("rose-petals")).not.toBe(hash);
  });

  it("still verify a scrypt hash written by an earlier version (and tests' cheap ones)", async () => {
    const hash = await hashPassword("rose-petals", cheapScrypt);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("rose-petals", hash)).toBe(true);
    expect(await verifyPassword("rose-petal", hash)).toBe(false);
  });

  it("refuse a malformed or absurdly costly stored hash without throwing", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("x", "scrypt$40$8$1$AAAA$AAAA")).toBe(false);
    const decoy = decoyHashLike(await hashPassword("x"));
    expect(await verifyPassword("x", decoy.replace("m=19456", "m=4000000"))).toBe(false);
    expect(await verifyPassword("x", decoy.replace("$argon2id$", "$argon2d$"))).toBe(false);
  });

  it("make a decoy of the kind and cost of the real hash, which no password matches", async () => {
    const real = await hashPassword("rose-petals");
    const decoy = decoyHashLike(real);
    expect(decoy.split("$").slice(0, 4)).toEqual(["", "argon2id", "v=19", "m=19456,t=2,p=1"]);
    expect(await verifyPassword("rose-petals", decoy)).toBe(false);

    const scryptDecoy = decoyHashLike(await hashPassword("rose-petals", cheapScrypt));
    expect(scryptDecoy.split("$").slice(0, 4)).toEqual(["scrypt", "10", "8", "1"]);
    expect(await verifyPassword("rose-petals", scryptDecoy)).toBe(false);
  });
});
