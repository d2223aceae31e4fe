import { redeemItem } from "@spankbank/db/inventory";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { inventoryPage, inventoryReply, redeemedPage, redeemedReply } from "@spankbank/shared/contract/inventory";
import { productList, productsPage } from "@spankbank/shared/contract/products";
import {
  FAVOURS_PER_PAGE,
  LIST_WINDOW,
  PAGE_SIZE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
} from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, giveSpanks } from "../test/economy.js";

const favour = { description: "Twenty minutes, oil included.", quantity: 10, price: 1 };
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);

/** Sam lists `fromSam` favours ("Sam 1" the oldest), then Alex lists `fromAlex` ("Alex 1" the oldest). */
async function shopOf(fromSam: number, fromAlex: number) {
  const test = await buildEconomyApp();
  for (let i = 1; i <= fromSam; i += 1) createProduct(test.db, test.sam, { ...favour, name: `Sam ${i}` }, day(i));
  for (let i = 1; i <= fromAlex; i += 1) {
    createProduct(test.db, test.alex, { ...favour, name: `Alex ${i}` }, day(fromSam + i));
  }
  const get = (url: string, as: "alex" | "sam" = "alex") =>
    test.app.inject({ url, headers: { cookie: test.cookie[as] } });
  return { ...test, get };
}

const names = (products: { name: string }[]) => products.map((product) => product.name);
const counting = (from: number, to: number, who: string) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `${who} ${from > to ? from - i : from + i}`);

describe("GET /api/products?page=&pageSize= (the Shop)", () => {
  it("answers one page: the partner's favours first, then your own, each newest first, with the totals", async () => {
    const { get } = await shopOf(30, 5);
    const first = await get("/api/products?page=1");
    expect(first.statusCode).toBe(200);
    const page1 = productsPage.parse(first.json());
    expect(page1).toMatchObject({ page: 1, pageCount: 2, total: 35 });
    expect(names(page1.products)).toEqual(counting(30, 30 - FAVOURS_PER_PAGE + 1, "Sam"));
    const page2 = productsPage.parse((await get("/api/products?page=2")).json());
    expect(names(page2.products)).toEqual([...counting(30 - FAVOURS_PER_PAGE, 1, "Sam"), ...counting(5, 1, "Alex")]);
  });

  it("crosses from the partner's favours to your own inside one page, as each partner sees it", async () => {
    const { get } = await shopOf(30, 5);
    const across = productsPage.parse((await get("/api/products?page=8&pageSize=4")).json());
    expect(names(across.products)).toEqual(["Sam 2", "Sam 1", "Alex 5", "Alex 4"]);
    expect(across).toMatchObject({ page: 8, pageCount: 9, total: 35 });
    const ownOnly = productsPage.parse((await get("/api/products?page=9&pageSize=4")).json());
    expect(names(ownOnly.products)).toEqual(["Alex 3", "Alex 2", "Alex 1"]);
    const asSam = productsPage.parse((await get("/api/products?page=1&pageSize=7", "sam")).json());
    expect(names(asSam.products)).toEqual([...counting(5, 1, "Alex"), "Sam 30", "Sam 29"]);
  });

  it("answers the last page for one past the end, and page 1 of nothing empty", async () => {
    const { get } = await shopOf(30, 5);
    expect((await get("/api/products?page=99")).json()).toMatchObject({ page: 2, pageCount: 2, total: 35 });
    const empty = await shopOf(0, 0);
    expect((await empty.get("/api/products?page=1")).json()).toEqual({ products: [], page: 1, pageCount: 1, total: 0 });
  });

  it("with username (yourself): a page of your own listings only, for Manage Products; another name is 403", async () => {
    const { get } = await shopOf(30, 5);
    const own = productsPage.parse((await get("/api/products?page=2&pageSize=2&username=alex")).json());
    expect(own).toMatchObject({ page: 2, pageCount: 3, total: 5 });
    expect(names(own.products)).toEqual(["Alex 3", "Alex 2"]);
    const firstOwn = productsPage.parse((await get("/api/products?username=alex")).json());
    expect(names(firstOwn.products)).toEqual(counting(5, 1, "Alex"));
    expect((await get("/api/products?page=1&username=sam")).statusCode).toBe(403);
  });

  it("bare, answers the spec's plain list: the Shop's first LIST_WINDOW favours", async () => {
    const { get } = await shopOf(LIST_WINDOW + 5, 2);
    const list = productList.parse((await get("/api/products")).json());
    expect(list).toHaveLength(LIST_WINDOW);
    expect(names(list)).toEqual(counting(LIST_WINDOW + 5, 6, "Sam"));
  });

  it("keeps the largest page allowed, of the longest favours, under 100 KB", async () => {
    const test = await buildEconomyApp();
    for (let i = 0; i < 2 * PAGE_SIZE_MAX; i += 1) {
      const name = `${i} ${"n".repeat(PRODUCT_NAME_MAX)}`.slice(0, PRODUCT_NAME_MAX);
      createProduct(test.db, test.sam, { ...favour, name, description: "d".repeat(PRODUCT_DESCRIPTION_MAX) }, day(i));
    }
    for (const url of ["/api/products", `/api/products?page=1&pageSize=${PAGE_SIZE_MAX}`]) {
      const reply = await test.app.inject({ url, headers: { cookie: test.cookie.alex } });
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.byteLength).toBeLessThan(100_000);
    }
  });

  it.each(["page=0", "page=abc", "page=1.5", "pageSize=0", `pageSize=${PAGE_SIZE_MAX + 1}`, "username="])(
    "refuses %s with 400 naming the field",
    async (query) => {
      const { get } = await shopOf(1, 1);
      const reply = await get(`/api/products?${query}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain(query.split("=")[0]);
    },
  );
});

/** Sam buys `n` different favours of Alex's ("Favour 1" first); the first `redeemed` of them are redeemed, in order. */
async function samBought(n: number, redeemed = 0) {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, n);
  const items: number[] = [];
  for (let i = 1; i <= n; i += 1) {
    const product = createProduct(test.db, test.alex, { ...favour, name: `Favour ${i}` }, day(i));
    items.push(purchaseProduct(test.db, { buyerId: test.sam, productId: product.id }).inventoryItemId);
  }
  for (let i = 0; i < redeemed; i += 1) redeemItem(test.db, test.sam, items[i]!, day(n + i));
  const get = (url: string, as: "alex" | "sam" = "sam") =>
    test.app.inject({ url, headers: { cookie: test.cookie[as] } });
  return { ...test, get };
}

describe("GET /api/inventory and /api/redeemed with page and pageSize", () => {
  it("the inventory: one page of the favours still held, newest first, with the totals", async () => {
    const { get } = await samBought(30, 2);
    const first = inventoryPage.parse((await get("/api/inventory?username=sam&page=1")).json());
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 28 });
    expect(names(first.inventory)).toEqual(counting(30, 30 - FAVOURS_PER_PAGE + 1, "Favour"));
    const last = inventoryPage.parse((await get("/api/inventory?page=2")).json());
    expect(names(last.inventory)).toEqual(counting(30 - FAVOURS_PER_PAGE, 3, "Favour"));
    expect((await get("/api/inventory?page=9")).json()).toMatchObject({ page: 2, pageCount: 2 });
    expect((await get("/api/inventory?page=1&username=alex")).statusCode).toBe(403);
  });

  it("Redeemed: one page, most recently redeemed first, with the totals", async () => {
    const { get } = await samBought(8, 7);
    const page = redeemedPage.parse((await get("/api/redeemed?page=2&pageSize=3")).json());
    expect(page).toMatchObject({ page: 2, pageCount: 3, total: 7 });
    expect(names(page.redeemedItems)).toEqual(["Favour 4", "Favour 3", "Favour 2"]);
    expect((await get("/api/redeemed?page=1", "alex")).json()).toEqual({
      redeemedItems: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
  });

  it("bare, both answer the spec's plain list of the newest LIST_WINDOW, without the page fields", async () => {
    const { get } = await samBought(LIST_WINDOW + 3, 2);
    const inventory = (await get("/api/inventory?username=sam")).json();
    expect(Object.keys(inventory)).toEqual(["inventory"]);
    expect(names(inventoryReply.parse(inventory).inventory)).toEqual(counting(LIST_WINDOW + 3, 4, "Favour"));
    const redeemed = (await get("/api/redeemed")).json();
    expect(Object.keys(redeemed)).toEqual(["redeemedItems"]);
    expect(names(redeemedReply.parse(redeemed).redeemedItems)).toEqual(["Favour 2", "Favour 1"]);
  });

  it.each(["/api/inventory", "/api/redeemed"])("%s refuses a bad page or pageSize with 400 naming it", async (path) => {
    const { get } = await samBought(1);
    for (const query of ["page=0", "page=x", "pageSize=0", `pageSize=${PAGE_SIZE_MAX + 1}`]) {
      const reply = await get(`${path}?${query}`);
      expect({ query, status: reply.statusCode }).toEqual({ query, status: 400 });
      expect(reply.json().message).toContain(query.split("=")[0]);
    }
  });
});
