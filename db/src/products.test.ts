import { describe, expect, it } from "vitest";
import { createProduct, listProducts, removeProduct, updateProduct } from "./products.js";
import { economySnapshot, openTestDb, refusalOf } from "./test/testDb.js";

const massage = { name: "Back massage", description: "Twenty minutes, oil included.", quantity: 2, price: 30 };

describe("products", () => {
  it("lists every product not removed, newest first, with the seller's login name", () => {
    const { db, alex, sam } = openTestDb();
    const first = createProduct(db, alex, massage, new Date("2025-01-01T10:00:00Z"));
    const second = createProduct(db, sam, { ...massage, name: "Breakfast in bed" }, new Date("2025-01-02T10:00:00Z"));
    const third = createProduct(db, alex, { ...massage, name: "Movie pick" }, new Date("2025-01-03T10:00:00Z"));
    removeProduct(db, alex, third.id);

    const listed = listProducts(db);
    expect(listed.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toMatchObject({ name: "Breakfast in bed", sellerUsername: "sam", quantity: 2, price: 30 });
    expect(listed[1]?.createdAt).toBe("2025-01-01T10:00:00.000Z");
  });

  it("trims name and description even when the caller did not", () => {
    const { db, alex } = openTestDb();
    const product = createProduct(db, alex, { ...massage, name: "  Back massage  ", description: "\tOil.\n" });
    expect(product).toMatchObject({ name: "Back massage", description: "Oil." });
  });

  it.each([
    [{ name: "   " }, /name/],
    [{ name: "x".repeat(61) }, /name/],
    [{ description: "x".repeat(301) }, /description/],
    [{ quantity: 0 }, /quantity/],
    [{ quantity: 11 }, /quantity/],
    [{ price: 10000 }, /price/],
    [{ price: 1.5 }, /price/],
    [{ price: -1 }, /price/],
  ])("refuses %o and writes nothing", (change, field) => {
    const { db, alex } = openTestDb();
    const before = economySnapshot(db);
    const refusal = refusalOf(() => createProduct(db, alex, { ...massage, ...change }));
    expect(refusal.code).toBe("invalid");
    expect(refusal.message).toMatch(field);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("lets only the seller change or remove a product", () => {
    const { db, alex, sam } = openTestDb();
    const product = createProduct(db, alex, massage);
    const before = economySnapshot(db);

    expect(refusalOf(() => updateProduct(db, sam, product.id, { ...massage, price: 1 })).code).toBe("forbidden");
    expect(refusalOf(() => removeProduct(db, sam, product.id)).code).toBe("forbidden");
    expect(economySnapshot(db)).toEqual(before);

    const updated = updateProduct(db, alex, product.id, { ...massage, name: "Foot rub", quantity: 5, price: 12 });
    expect(updated).toMatchObject({ id: product.id, name: "Foot rub", quantity: 5, price: 12, sellerUsername: "alex" });
    expect(updated.createdAt).toBe(product.createdAt);
  });

  it("answers a missing or removed product as not found", () => {
    const { db, alex } = openTestDb();
    const product = createProduct(db, alex, massage);
    removeProduct(db, alex, product.id);
    expect(refusalOf(() => updateProduct(db, alex, product.id, massage)).code).toBe("not_found");
    expect(refusalOf(() => removeProduct(db, alex, product.id)).code).toBe("not_found");
    expect(refusalOf(() => updateProduct(db, alex, 9999, massage)).code).toBe("not_found");
    expect(db.$client.prepare("SELECT removed_at FROM products WHERE id = ?").get(product.id)).toEqual({
      removed_at: expect.any(String),
    });
  });
});
