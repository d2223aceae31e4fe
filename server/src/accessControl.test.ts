import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./test/app.js";

/**
 * Routes anyone may call: signing in (by password or passkey), asking whether you are signed in, the health check, and
 * logout (signed out already is 204, and clears a stale cookie).
 */
const PUBLIC = new Set([
  "POST /api/auth/login",
  "GET /api/auth/session",
  "GET /api/health",
  "POST /api/auth/logout",
  "POST /api/auth/passkey-options",
  "POST /api/auth/passkey",
]);

/** An otherwise valid body per route, so the only thing wrong is the name in it. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/log-workout": { name: "Run", duration: 30, distance: 5, distanceUnit: "km", calories: 300 },
  "POST /api/products": { name: "Back rub", description: "Twenty minutes", quantity: 1, price: 10 },
  "PUT /api/products/{id}": { name: "Back rub", description: "Twenty minutes", quantity: 1, price: 10 },
  "PUT /api/questions/{questionId}": { response: "Pancakes" },
  "PUT /api/questions/{questionId}/guess-rating": { rating: "nailed" },
  "POST /api/purchase": { productId: 1, quantity: 1 },
  "POST /api/redeem": { itemId: 1 },
  "POST /api/confirm-redeem": { itemId: 1 },
  "POST /api/decline-redeem": { itemId: 1, reason: "Not this week" },
  "POST /api/expired-favours/noticed": { purchase_ids: [1] },
  "PUT /api/story-progress": { version: 2, scene: 0, score: 50, history: [], flags: [], pending_scene: null },
  "POST /api/memories/delete": { ids: [1] },
  "POST /api/memories/restore": { ids: [1] },
  "PUT /api/letter": { text: "Dear you" },
  "PUT /api/my-day": { sleep: { from: "22:00", to: "06:00" }, work: null, quietHours: "silent" },
  "PUT /api/color-scheme": { colorScheme: "dark" },
  "POST /api/later-letters": { text: "Dear you", opening: { kind: "openWhen", moment: "sad" } },
  "PUT /api/later-letters/{id}": { text: "Dear you", opening: { kind: "openWhen", moment: "sad" } },
  "POST /api/visits": { start_date: "2027-01-10", end_date: "2027-01-12" },
  "PUT /api/visits/{id}": { start_date: "2027-01-10", end_date: "2027-01-12" },
  "POST /api/nudges": { line: "Missing you" },
  "POST /api/bounties": { title: "Voice note", reward: 5 },
  "POST /api/bounties/{id}/done": { note: "Sent it" },
  "POST /api/bounties/{id}/send-back": { reason: "Sing the chorus too" },
  "POST /api/passkeys": {
    name: "My phone",
    credential: {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
    },
  },
};

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyFields: string[];
}

/** Every route of the contract, read from the OpenAPI document the server builds from its schemas. */
async function appWithOperations(): Promise<TestApp & { ops: Operation[] }> {
  const t = await buildTestApp();
  await t.app.ready();
  return { ...t, ops: operations(t.app) };
}

function operations(app: TestApp["app"]): Operation[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> } | undefined;
      return {
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        bodyFields: Object.keys(body?.content?.["application/json"]?.schema?.properties ?? {}),
      };
    }),
  );
}

const url = (op: Operation, query = "") => op.path.replace(/\{[^}]+\}/g, "1") + query;

describe("access control over every route of the contract", () => {
  it("covers the whole /api contract", async () => {
    const { ops } = await appWithOperations();
    const names = ops.map((op) => `${op.method} ${op.path}`);
    for (const route of [
      "GET /api/memory",
      "GET /api/memories",
      "POST /api/memories/delete",
      "GET /api/quoteOfTheDay",
      "GET /api/latestQuestion",
      "POST /api/log-workout",
      "GET /api/spankTotal",
      "GET /api/products",
      "POST /api/purchase",
      "POST /api/products",
      "PUT /api/products/{id}",
      "DELETE /api/products/{id}",
      "GET /api/inventory",
      "GET /api/redeemed",
      "POST /api/redeem",
      "POST /api/confirm-redeem",
      "GET /api/charitySpankTotal",
      "GET /api/questions",
      "PUT /api/questions/{questionId}",
      "GET /api/transactions",
      "POST /api/auth/logout",
      "GET /api/letter",
      "PUT /api/letter",
      "GET /api/search",
      "GET /api/timeline",
      "GET /api/timeline/day",
    ]) {
      expect(names).toContain(route);
    }
  });

  it("answers 401 without a session on every route but login, session and health, and on each GET's HEAD", async () => {
    const { app, ops } = await appWithOperations();
    const gets = ops.filter((op) => op.method === "GET" && !PUBLIC.has(`GET ${op.path}`));
    const guarded = [
      ...ops.filter((op) => !PUBLIC.has(`${op.method} ${op.path}`)),
      { method: "GET", path: "/api/openapi.json", query: [], bodyFields: [] },
      // The HEAD route Fastify adds beside each GET: it must be guarded as its GET is.
      ...gets.map((op) => ({ ...op, method: "HEAD" })),
    ];
    expect(gets.length).toBeGreaterThan(20);
    for (const op of guarded) {
      const reply = await app.inject({
        method: op.method as "GET",
        url: url(op),
        ...(op.method === "POST" || op.method === "PUT"
          ? { payload: VALID_BODIES[`${op.method} ${op.path}`] ?? {} }
          : {}),
      });
      expect({ route: `${op.method} ${op.path}`, status: reply.statusCode }).toEqual({
        route: `${op.method} ${op.path}`,
        status: 401,
      });
    }
  });

  it("answers 403 when a parameter names the other partner", async () => {
    const { app, ops, signIn } = await appWithOperations();
    const cookie = await signIn("alex");
    const [, sam] = demoCouple.partners;
    const named = ops
      .filter((op) => !PUBLIC.has(`${op.method} ${op.path}`))
      .filter(
        (op) => op.query.some((q) => q === "username" || q === "discordId") || op.bodyFields.includes("username"),
      );
    expect(named.length).toBeGreaterThanOrEqual(10);
    for (const op of named) {
      const route = `${op.method} ${op.path}`;
      const query = op.query.includes("username")
        ? "?username=sam"
        : op.query.includes("discordId")
          ? `?discordId=${sam.discordId}`
          : "";
      const hasBody = op.method === "POST" || op.method === "PUT";
      const body = hasBody
        ? { ...VALID_BODIES[route], ...(op.bodyFields.includes("username") ? { username: "sam" } : {}) }
        : undefined;
      const reply = await app.inject({
        method: op.method as "GET",
        url: url(op, query),
        headers: { cookie },
        ...(body ? { payload: body } : {}),
      });
      expect({ route, status: reply.statusCode, message: reply.json().message }).toMatchObject({ route, status: 403 });
    }
  });
});
