import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "@/test/server";
import { api } from "./api";

const quoteOfTheDay = () => import("@spankbank/shared/contract/questions").then((c) => c.quoteOfTheDay);

describe("api", () => {
  // Production reads answers without zod; development and tests check every one against the
  // contract, so an msw fixture and the contract cannot drift apart.
  it("refuses, in tests, an answer that does not match the contract", async () => {
    server.use(http.get("/api/quoteOfTheDay", () => HttpResponse.json({ quote: 42, author: "Emily Brontë" })));

    await expect(api.get("/api/quoteOfTheDay", quoteOfTheDay)).rejects.toThrow(
      /^The answer to GET \/api\/quoteOfTheDay does not match the contract: /,
    );
  });
});
