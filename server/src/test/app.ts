import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { Db } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { checkDatabase, describeBrokenRules } from "@spankbank/db/healthCheck";
import { hashPassword } from "@spankbank/db/password";
import { openMigratedCopy } from "@spankbank/db/test/migratedCopy";
import type { CoupleConfig } from "@spankbank/shared/config";
import { DEMO_LOGINS, demoCouple } from "@spankbank/shared/demoCouple";
import type { FastifyInstance } from "fastify";
import { expect, onTestFinished } from "vitest";
import { type BuildAppOptions, buildApp } from "../app.js";
import { contractResponse } from "../plugins/serialize.js";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Signs in as a demo partner and returns the Cookie header to send. */
  signIn: (username: "alex" | "sam") => Promise<string>;
}

/**
 * The demo couple with the same passwords hashed at a test cost (scrypt N=2^10, 1 MiB): a sign-in
 * takes a millisecond, so tests stay fast on a busy machine. The production costs are tested in
 * signIn.test.ts.
 */
export const testCouple: CoupleConfig = {
  ...demoCouple,
  partners: (await Promise.all(
    demoCouple.partners.map(async (partner) => {
      const { password } = DEMO_LOGINS.find((login) => login.username === partner.username)!;
      return { ...partner, passwordHash: await hashPassword(password, { log2N: 10, r: 8, p: 1 }) };
    }),
  )) as CoupleConfig["partners"],
};

/**
 * The real app on a real SQLite file in a temp folder, with the demo couple synced (no demo
 * seed: each test writes the rows it needs). Closed and deleted after each test.
 */
export async function buildTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-test-"));
  const db = options.db ?? openMigratedCopy(join(dir, "test.db"));
  syncCouple(db, options.config ?? testCouple);
  const offContract: string[] = [];
  let built: FastifyInstance | undefined;
  // The test's own hook, not a module-level afterEach: with isolate: false this module is loaded
  // once per worker, so an afterEach here was registered for the first file only. Registered
  // before the app is built, so an app that refuses to build leaves no file open either.
  onTestFinished(async () => {
    await built?.close();
    try {
      expect(offContract, "answers that do not parse to themselves with their contract schema").toEqual([]);
      // Every route test leaves a file a backup would keep: the whole check of `npm run check`.
      if (db.$client.open) expect(describeBrokenRules(checkDatabase(db)), "the health check after the test").toBe("");
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  const app = await buildApp({ db, config: testCouple, demo: true, ...options });
  built = app;
  checkAnswersAgainstContract(app, offContract);
  const cookies = new Map<string, string>();
  async function signIn(username: "alex" | "sam"): Promise<string> {
    const cached = cookies.get(username);
    if (cached) return cached;
    const login = DEMO_LOGINS.find((l) => l.username === username)!;
    const reply = await app.inject({ method: "POST", url: "/api/auth/login", payload: login });
    if (reply.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${reply.body}`);
    const cookie = reply.cookies.find((c) => c.name === "spankbank_session")!;
    const header = `${cookie.name}=${cookie.value}`;
    cookies.set(username, header);
    return header;
  }
  return { app, db, signIn };
}

/**
 * Every JSON answer of a route must parse with its zod contract schema to exactly itself: the
 * compiled serialiser neither drops, adds nor reshapes a field the contract has. Those that do
 * not are added to `offContract`.
 */
function checkAnswersAgainstContract(app: FastifyInstance, offContract: string[]): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const schema = contractResponse(request.routeOptions.schema, reply.statusCode);
    if (!schema || typeof payload !== "string" || payload === "") return payload;
    const wire: unknown = JSON.parse(payload);
    const parsed = schema.safeParse(wire);
    const where = `${request.method} ${request.url} ${reply.statusCode}`;
    if (!parsed.success) offContract.push(`${where}: ${parsed.error.message}`);
    // Deep equality, not text: key order on the wire is the serialiser's business.
    else if (!isDeepStrictEqual(parsed.data, wire)) offContract.push(`${where}: ${payload}`);
    return payload;
  });
}

/** The ids of the demo partners in a test database. */
export function userIdOf(db: Db, username: string): number {
  const row = db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number } | undefined;
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}
