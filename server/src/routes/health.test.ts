import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";

describe("GET /api/health", () => {
  it("answers ok without a session", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({ method: "GET", url: "/api/health" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown /api path with a JSON 404, not the page", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({ method: "GET", url: "/api/nope" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });
});
