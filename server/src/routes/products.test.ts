import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, economySnapshot, giveSpanks } from "../test/economy.js";

const massage = { name: "Back massage", description: "Twenty minutes, oil included.", quantity: 2, price: 30 };

async function shop() {
  const test = await buildEconomyApp();
  const send = (as: "alex" | "sam", method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    test.app.inject({
      method,
      url,
      headers: { cookie: test.cookie[as] },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...test, send };
}

describe("GET /api/products", () => {
  it("lists every product not removed, newest first, with the seller's login name", async () => {
    const { app, db, alex, sam, cookie } = await buildEconomyApp();
    const older = createProduct(db, alex, massage, new Date("2025-01-01T00:00:00Z"));
    const newer = createProduct(db, sam, { ...massage, name: "Pancakes" }, new Date("2025-02-01T00:00:00Z"));
    db.$client
      .prepare("UPDATE products SET removed_at = 'x' WHERE id = ?")
      .run(createProduct(db, sam, { ...massage, name: "Gone" }).id);

    const reply = await app.inject({ url: "/api/products", headers: { cookie: cookie.alex } });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual([
      {
        id: newer.id,
        name: "Pancakes",
        description: massage.description,
        quantity: 2,
        price: 30,
        username: "sam",
        in_person: false,
        created_at: "2025-02-01T00:00:00.000Z",
        use_within_days: null,
        updated_at: "2025-02-01T00:00:00.000Z",
      },
      {
        id: older.id,
        name: "Back massage",
        description: massage.description,
        quantity: 2,
        price: 30,
        username: "alex",
        in_person: false,
        created_at: "2025-01-01T00:00:00.000Z",
        use_within_days: null,
        updated_at: "2025-01-01T00:00:00.000Z",
      },
    ]);
    expect((await app.inject({ url: "/api/products" })).statusCode).toBe(401);
  });
});

describe("POST /api/products", () => {
  it("lists a product for the signed-in partner, trimmed, and answers 201 {product}", async () => {
    const { send } = await shop();
    const reply = await send("sam", "POST", "/api/products", { ...massage, name: "  Pancakes ", username: "sam" });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      product: {
        id: expect.any(Number),
        name: "Pancakes",
        description: massage.description,
        quantity: 2,
        price: 30,
        username: "sam",
        in_person: false,
        created_at: expect.any(String),
        use_within_days: null,
        updated_at: expect.any(String),
      },
    });
  });

  it("marks a favour in person, keeps the mark on an edit that leaves it out, and clears it on request", async () => {
    const { send } = await shop();
    const listed = await send("sam", "POST", "/api/products", { ...massage, in_person: true });
    const id = listed.json().product.id;
    expect(listed.json().product.in_person).toBe(true);
    const edited = await send("sam", "PUT", `/api/products/${id}`, { ...massage, price: 31 });
    expect(edited.json().product).toMatchObject({ price: 31, in_person: true });
    const cleared = await send("sam", "PUT", `/api/products/${id}`, { ...massage, in_person: false });
    expect(cleared.json().product.in_person).toBe(false);
    expect(
      (await send("sam", "PUT", `/api/products/${id}`, { ...massage, in_person: "yes" })).json().message,
    ).toContain("in_person");
  });

  it("refuses to list in the other partner's name", async () => {
    const { db, send } = await shop();
    const reply = await send("sam", "POST", "/api/products", { ...massage, username: "alex" });
    expect(reply.statusCode).toBe(403);
    expect(economySnapshot(db).rows.products).toBe(0);
  });

  it.each([
    ["a missing name", { name: undefined }, "body.name"],
    ["a missing description", { description: undefined }, "body.description"],
    ["a blank name", { name: "   " }, "body.name"],
    ["a 61-character name", { name: "x".repeat(61) }, "body.name"],
    ["a 301-character description", { description: "x".repeat(301) }, "body.description"],
    ["a price of 10000", { price: 10000 }, "body.price"],
    ["a price of -1", { price: -1 }, "body.price"],
    ["a price of 1.5", { price: 1.5 }, "body.price"],
    ["a price as text", { price: "30" }, "body.price"],
    ["a quantity of 0", { quantity: 0 }, "body.quantity"],
    ["a quantity of 11", { quantity: 11 }, "body.quantity"],
    ["a name that is a number", { name: 42 }, "body.name"],
  ])("answers %s with 400 naming the field, and writes nothing", async (_, change, field) => {
    const { db, send } = await shop();
    const before = economySnapshot(db);
    const reply = await send("sam", "POST", "/api/products", { ...massage, ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(reply.json().message).toContain(field);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("keeps the limits at their edges: 60 characters, price 0 and 9999, quantity 1 and 10", async () => {
    const { send } = await shop();
    const edges = [
      { ...massage, name: "x".repeat(60), description: "y".repeat(300), price: 0, quantity: 1 },
      { ...massage, price: 9999, quantity: 10 },
    ];
    for (const body of edges) expect((await send("alex", "POST", "/api/products", body)).statusCode).toBe(201);
  });
});

describe("PUT /api/products/:id", () => {
  it("lets the seller edit, and answers 403 to the other partner and 404 to an unknown id", async () => {
    const { db, alex, send } = await shop();
    const product = createProduct(db, alex, massage);
    const edit = { ...massage, name: "Foot rub", price: 12, quantity: 4 };

    const bySam = await send("sam", "PUT", `/api/products/${product.id}`, edit);
    const byAlex = await send("alex", "PUT", `/api/products/${product.id}`, { ...edit, username: "alex" });
    const unknown = await send("alex", "PUT", "/api/products/4040", edit);
    const badId = await send("alex", "PUT", "/api/products/abc", edit);

    expect(bySam.statusCode).toBe(403);
    expect(byAlex.statusCode).toBe(200);
    expect(byAlex.json()).toMatchObject({
      product: { id: product.id, name: "Foot rub", price: 12, quantity: 4, username: "alex" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain("params.id");
  });

  it("keeps a sold-out favour sold out when its price changes (0 as shown), and refuses 0 otherwise, naming quantity", async () => {
    const { db, alex, send } = await shop();
    const product = createProduct(db, alex, massage);
    db.$client.prepare("UPDATE products SET quantity = 0 WHERE id = ?").run(product.id);
    const url = `/api/products/${product.id}`;
    const raised = await send("alex", "PUT", url, { ...massage, quantity: 0, price: 40, shown_quantity: 0 });
    expect(raised.json().product).toMatchObject({ quantity: 0, price: 40 });
    const refused = await send("alex", "PUT", url, { ...massage, quantity: 0, price: 50 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("quantity");
    expect((await send("alex", "PUT", url, { ...massage, quantity: 0, shown_quantity: 2 })).statusCode).toBe(400);
  });

  it("from a form opened before a sale, moves the stock by the seller's own change: a unit bought stays bought", async () => {
    const test = await shop();
    const { db, alex, sam, send } = test;
    giveSpanks(db, sam, 200);
    const product = createProduct(db, alex, massage);
    const url = `/api/products/${product.id}`;
    const quantityLeft = () =>
      (db.$client.prepare("SELECT quantity FROM products WHERE id = ?").get(product.id) as { quantity: number })
        .quantity;
    const buy = () => send("sam", "POST", "/api/purchase", { productId: product.id, quantity: 1, expectedPrice: 30 });

    // Alex's form shows 2; Sam buys one meanwhile; Alex saves a clearer description.
    expect((await buy()).statusCode).toBe(200);
    const described = { ...massage, description: "Twenty minutes, warm oil included.", shown_quantity: 2 };
    expect((await send("alex", "PUT", url, described)).json().product).toMatchObject({ quantity: 1 });
    expect(quantityLeft()).toBe(1);
    // Adding three to the 1 the form shows gives 4; taking one away after the last sold leaves none.
    expect((await send("alex", "PUT", url, { ...massage, quantity: 4, shown_quantity: 1 })).statusCode).toBe(200);
    expect(quantityLeft()).toBe(4);
    for (let unit = 0; unit < 4; unit++) expect((await buy()).statusCode).toBe(200);
    expect((await send("alex", "PUT", url, { ...massage, quantity: 3, shown_quantity: 4 })).statusCode).toBe(200);
    expect(quantityLeft()).toBe(0);
    // A form that names no shown quantity writes the quantity as sent, as before.
    expect((await send("alex", "PUT", url, { ...massage, quantity: 2 })).statusCode).toBe(200);
    expect(quantityLeft()).toBe(2);
    // An edit sent again with its key after its answer was lost moves the stock once.
    const keyed = (key: string) =>
      test.app.inject({
        method: "PUT",
        url,
        headers: { cookie: test.cookie.alex, "idempotency-key": key },
        payload: { ...massage, quantity: 5, shown_quantity: 2 },
      });
    expect((await keyed("edit-1")).statusCode).toBe(200);
    expect((await keyed("edit-1")).json().product.quantity).toBe(5);
    expect(quantityLeft()).toBe(5);
    const bad = await send("alex", "PUT", url, { ...massage, shown_quantity: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.shown_quantity");
  });
  it("refuses 409 an edit from a form opened before another edit, keeping the newer words and price", async () => {
    const { app, db, alex, send, cookie } = await shop();
    const product = createProduct(db, alex, massage, new Date("2025-01-01T00:00:00Z"));
    const url = `/api/products/${product.id}`;
    // The version the phone's page shows: the product's updated_at when it was last read.
    const seen = "2025-01-01T00:00:00.000Z";

    // The laptop renames it and raises the price; the phone, painted before, then fixes the description.
    const renamed = { ...massage, name: "Long back massage", price: 45, shown_quantity: 2, based_on: seen };
    const laptop = await send("alex", "PUT", url, renamed);
    expect(laptop.statusCode).toBe(200);
    const phone = await send("alex", "PUT", url, {
      ...massage,
      description: "Thirty minutes.",
      shown_quantity: 2,
      based_on: seen,
    });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toContain("changed since");
    const kept = db.$client.prepare("SELECT name, price, description FROM products WHERE id = ?").get(product.id);
    expect(kept).toEqual({ name: "Long back massage", price: 45, description: massage.description });
    const listed = (await app.inject({ url: "/api/products", headers: { cookie: cookie.alex } })).json();
    expect(listed[0].updated_at).toBe(laptop.json().product.updated_at);
    expect(laptop.json().product.updated_at > seen).toBe(true);
    // From the newer version it goes through; an old client sending no version writes as before.
    const fresh = await send("alex", "PUT", url, {
      ...renamed,
      description: "Thirty minutes.",
      based_on: laptop.json().product.updated_at,
    });
    expect(fresh.statusCode).toBe(200);
    expect((await send("alex", "PUT", url, { ...massage, quantity: 2 })).statusCode).toBe(200);
    const bad = await send("alex", "PUT", url, { ...massage, based_on: "yesterday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.based_on");
  });
});

describe("DELETE /api/products/:id", () => {
  it("lets only the seller remove a product, as a soft delete", async () => {
    const { app, db, alex, send, cookie } = await shop();
    const product = createProduct(db, alex, massage);

    expect((await send("sam", "DELETE", `/api/products/${product.id}`)).statusCode).toBe(403);
    expect((await send("alex", "DELETE", `/api/products/${product.id}?username=sam`)).statusCode).toBe(403);
    const removed = await send("alex", "DELETE", `/api/products/${product.id}?username=alex`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await send("alex", "DELETE", `/api/products/${product.id}`)).statusCode).toBe(404);

    const listed = await app.inject({ url: "/api/products", headers: { cookie: cookie.sam } });
    expect(listed.json()).toEqual([]);
    expect(economySnapshot(db).rows.products).toBe(1);
  });

  it("refuses 409 to remove a favour changed since the page showed it; it stays in the Shop", async () => {
    const { app, db, alex, send, cookie } = await shop();
    const product = createProduct(db, alex, massage, new Date("2025-01-01T00:00:00Z"));
    const url = `/api/products/${product.id}`;
    const seen = "2025-01-01T00:00:00.000Z";
    const changed = await send("alex", "PUT", url, { ...massage, name: "Long back massage", based_on: seen });
    expect(changed.statusCode).toBe(200);

    const stale = await send("alex", "DELETE", `${url}?based_on=${seen}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain("changed since");
    const listed = await app.inject({ url: "/api/products", headers: { cookie: cookie.sam } });
    expect(listed.json().map((p: { name: string }) => p.name)).toEqual(["Long back massage"]);
    const current = changed.json().product.updated_at;
    expect((await send("alex", "DELETE", `${url}?based_on=${encodeURIComponent(current)}`)).statusCode).toBe(204);
  });

  it("leaves what was already bought unchanged when the product is edited or removed", async () => {
    const { app, db, alex, sam, send, cookie } = await shop();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, massage);
    purchaseProduct(db, { buyerId: sam, productId: product.id });
    const inventory = () => app.inject({ url: "/api/inventory", headers: { cookie: cookie.sam } });
    const bought = (await inventory()).json();

    await send("alex", "PUT", `/api/products/${product.id}`, {
      name: "Other",
      description: "Else.",
      quantity: 9,
      price: 1,
    });
    expect((await inventory()).json()).toEqual(bought);
    await send("alex", "DELETE", `/api/products/${product.id}`);
    expect((await inventory()).json()).toEqual(bought);
    expect(bought).toEqual({
      inventory: [
        {
          id: expect.any(Number),
          productId: product.id,
          name: "Back massage",
          description: massage.description,
          quantity: 1,
          price: 30,
          username: "alex",
          use_by: null,
          use_by_day: null,
        },
      ],
    });
  });
});
