import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "@/test/server";
import { api } from "./api";

const quoteOfTheDay = () => import("@spankbank/shared/contract/questions").then((c) => c.quoteOfTheDay);
const purchaseReply = () => import("@spankbank/shared/contract/economy").then((c) => c.purchaseReply);

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

describe("a keyed write whose answer was lost, sent again after the page loaded anew", () => {
  it("carries the same Idempotency-Key: the phone discarded the tab, or the partner reloaded it, and bought once", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post("/api/purchase", ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        // The server bought it; the connection dropped before its answer arrived.
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({ success: true, newSpankTotal: 90, message: 'You bought "Back massage".' });
      }),
    );
    const purchase = { productId: 1, quantity: 1, expectedPrice: 30, based_on: "2026-11-20T10:00:00.000Z" };
    await expect(api.postOnce("/api/purchase", purchase, purchaseReply)).rejects.toMatchObject({ status: 0 });

    // The page's scripts start again, as after a reload: a new instance of the module, nothing of the
    // first page's memory left. Not vi.resetModules: the workers share modules between files (isolate:
    // false), and a reset there gave later files a second router beside the one they rendered.
    const reloaded = ((await import(/* @vite-ignore */ `./api?page=${2}`)) as typeof import("./api")).api;
    await reloaded.postOnce("/api/purchase", purchase, purchaseReply);

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
