import { askQuestion } from "@spankbank/db/questions";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "./test/app.js";
import { sessionCookie } from "./test/session.js";

const json = { "content-type": "application/json" };
const product = { name: "Back rub", description: "Twenty minutes", quantity: 1, price: 5 };

describe("control characters and invisible text", () => {
  it("refuse NUL, zero-width and bidi-only product fields with 400 naming the field, writing nothing", async () => {
    const test = await buildTestApp();
    const cookie = sessionCookie(test, "alex");
    for (const [field, value, message] of [
      ["name", "Back\u0000rub", "must be one line without control characters"],
      ["description", "Twenty\u0000minutes", "must not contain control characters"],
      ["name", "\u200b\u202e ", "must not be empty"],
      ["name", "Back\nrub", "must be one line without control characters"],
      ["name", "Back\u2028rub", "must be one line without control characters"],
      ["description", "\u0085", "must not contain control characters"],
    ] as const) {
      const reply = await test.app.inject({
        method: "POST",
        url: "/api/products",
        headers: { ...json, cookie },
        payload: { ...product, [field]: value },
      });
      expect({ field, status: reply.statusCode, message: reply.json().message }).toEqual({
        field,
        status: 400,
        message: `body.${field}: ${message}`,
      });
    }
    expect(test.db.$client.prepare("SELECT count(*) AS n FROM products").get()).toEqual({ n: 0 });
  });

  it("take a multi-line description", async () => {
    const test = await buildTestApp();
    const reply = await test.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { ...json, cookie: sessionCookie(test, "alex") },
      payload: { ...product, description: "Twenty minutes,\nwith the good oil" },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().product.description).toBe("Twenty minutes,\nwith the good oil");
  });

  it("refuse a NUL in an answer with 400", async () => {
    const test = await buildTestApp();
    const question = askQuestion(test.db, { text: "What made you smile?", now: new Date() });
    const reply = await test.app.inject({
      method: "PUT",
      url: `/api/questions/${question.id}`,
      headers: { ...json, cookie: sessionCookie(test, "alex") },
      payload: { response: "\u0000" },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("body.response: must not contain control characters");
  });
});

describe("a database constraint the contract did not catch", () => {
  it("answers 400 for a CHECK and 409 for a UNIQUE clash, never 500", async () => {
    const { app, db } = await buildTestApp();
    // Stand-ins for a route whose schema lets through what the table refuses.
    app.post("/api/test/check", { config: { public: true } }, async () => {
      db.$client
        .prepare(
          "INSERT INTO workouts (user_id, name, duration_minutes, distance_unit, calories, created_at) VALUES (1, 'x', 0, 'km', 0, '')",
        )
        .run();
    });
    app.post("/api/test/unique", { config: { public: true } }, async () => {
      db.$client
        .prepare(
          "INSERT INTO users (username, display_name, response_name, discord_id, time_zone, city) SELECT username, 'x', 'y', 'z', 'UTC', 'c' FROM users LIMIT 1",
        )
        .run();
    });
    const check = await app.inject({ method: "POST", url: "/api/test/check" });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "A value is empty, too long or out of range.",
    });
    const unique = await app.inject({ method: "POST", url: "/api/test/unique" });
    expect(unique.statusCode).toBe(409);
    expect(unique.json().error).toBe("Conflict");
  });
});
