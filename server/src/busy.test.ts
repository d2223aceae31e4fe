import { type Db, openDb } from "@spankbank/db/client";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp } from "./test/app.js";
import { sessionCookie } from "./test/session.js";

const json = { "content-type": "application/json" };
const product = { name: "Back rub", description: "Twenty minutes", quantity: 1, price: 5 };

/** Another connection to the same file holding the write lock, as the bot or a backup would. */
let other: Db["$client"] | undefined;
afterEach(() => {
  if (other?.inTransaction) other.exec("ROLLBACK");
  other?.close();
  other = undefined;
});
function holdWriteLock(path: string): Db["$client"] {
  other = openDb(path).$client;
  other.exec("BEGIN IMMEDIATE");
  return other;
}

/** Lets the event loop run: timers, injected requests, retries. */
const ticks = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a write lock held by another process", () => {
  it("makes a write wait without blocking the server, then succeed once the lock is released", async () => {
    const test = await buildTestApp();
    const cookie = sessionCookie(test, "alex");
    const lock = holdWriteLock(test.db.$client.name);
    let settled = false;
    const creating = test.app
      .inject({ method: "POST", url: "/api/products", headers: { ...json, cookie }, payload: product })
      .finally(() => {
        settled = true;
      });
    await ticks(150);
    // Still waiting for the lock, while reads and the health check are answered.
    expect(settled).toBe(false);
    expect((await test.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    expect((await test.app.inject({ url: "/api/products", headers: { cookie } })).statusCode).toBe(200);
    expect(settled).toBe(false);

    lock.exec("COMMIT");
    const created = await creating;
    expect(created.statusCode).toBe(201);
    expect(test.db.$client.prepare("SELECT count(*) AS n FROM products").get()).toEqual({ n: 1 });
  });

  it("answers 503 with Retry-After when the lock outlasts the retry budget, writing nothing", async () => {
    const test = await buildTestApp({ busyRetryBudgetMs: 100 });
    const cookie = sessionCookie(test, "alex");
    holdWriteLock(test.db.$client.name);
    const reply = await test.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { ...json, cookie },
      payload: product,
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers["retry-after"]).toBe("1");
    expect(reply.json()).toEqual({
      statusCode: 503,
      error: "Service Unavailable",
      message: "The database is busy. Try again in a moment.",
    });
    other?.exec("ROLLBACK");
    expect(test.db.$client.prepare("SELECT count(*) AS n FROM products").get()).toEqual({ n: 0 });
  });
});
