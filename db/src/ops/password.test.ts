import { describe, expect, it } from "vitest";
import { decoyHashLike, hashPassword, verifyPassword } from "./password.js";

const cheap = { log2N: 10, r: 8, p: 1 };

describe("password hashes", () => {
  it("verify the password they were made from, and no other", async () => {
    const hash = await hashPassword("rose-petals", cheap);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("rose-petals", hash)).toBe(true);
    expect(await verifyPassword("rose-petal", hash)).toBe(false);
  });

  it("refuse a malformed or absurdly costly stored hash without throwing", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("x", "scrypt$40$8$1$AAAA$AAAA")).toBe(false);
  });

  it("make a decoy at the cost of the real hash, which no password matches", async () => {
    const real = await hashPassword("rose-petals", cheap);
    const decoy = decoyHashLike(real);
    expect(decoy.split("$").slice(0, 4)).toEqual(["scrypt", "10", "8", "1"]);
    expect(await verifyPassword("rose-petals", decoy)).toBe(false);
  });
});
