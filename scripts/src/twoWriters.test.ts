import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { checkDatabase } from "@spankbank/db/healthCheck";
import { DEMO_LOGINS, demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";

const serverEntry = fileURLToPath(new URL("../../server/dist/server.bundle.js", import.meta.url));
const domainWriter = fileURLToPath(new URL("./soak/domainWriter.mjs", import.meta.url));
/** Writes each side makes: the server gets half product listings, half purchases. */
const WRITES = Number(process.env.SPANKBANK_SOAK_WRITES ?? 2000);
/** Requests the test keeps in flight against the server at once. */
const IN_FLIGHT = 4;

function outputOf(child: ChildProcess): { text: string } {
  const output = { text: "" };
  child.stdout?.on("data", (chunk) => (output.text += chunk));
  child.stderr?.on("data", (chunk) => (output.text += chunk));
  return output;
}

async function startServer(dir: string) {
  // The demo couple as a real config: no demo data to seed, only the rows this test writes.
  writeFileSync(join(dir, "couple.config.json"), JSON.stringify(demoCouple));
  const server = spawn(process.execPath, [serverEntry], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", PORT: "0", DATABASE_PATH: join(dir, "spankbank.db"), LOG_LEVEL: "info" },
  });
  const output = outputOf(server);
  const base = await new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output.text);
      if (match) {
        clearInterval(poll);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    }, 20);
    server.on("exit", () => reject(new Error(`the server stopped before listening:\n${output.text}`)));
  });
  return { server, output, base };
}

/**
 * One request answered for good: a 503 with Retry-After is the server saying "not now", so the
 * client waits that long and sends the same request again (the same Idempotency-Key included).
 */
async function send(url: string, init: RequestInit, retried = { count: 0 }): Promise<Response> {
  for (;;) {
    const reply = await fetch(url, init);
    const retryAfter = reply.headers.get("retry-after");
    if (reply.status !== 503 || retryAfter === null) return reply;
    retried.count++;
    await reply.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000));
  }
}

describe("two writers on one file", () => {
  it(`the server and a second process each make ${WRITES} writes at once: no busy error reaches a caller, none is lost, the check passes`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-writers-"));
    const { server, output: serverOutput, base } = await startServer(dir);
    try {
      const json = (cookie: string, body: unknown, extra: Record<string, string> = {}): RequestInit => ({
        method: "POST",
        headers: { "content-type": "application/json", cookie, ...extra },
        body: JSON.stringify(body),
      });
      const cookieOf = async (username: string) => {
        const login = DEMO_LOGINS.find((l) => l.username === username)!;
        const reply = await send(`${base}/api/auth/login`, json("", login));
        expect(reply.status).toBe(200);
        return reply.headers.getSetCookie()[0]!.split(";")[0]!;
      };
      const alex = await cookieOf("alex");
      const sam = await cookieOf("sam");

      const bot = spawn(process.execPath, [domainWriter, join(dir, "spankbank.db"), String(WRITES)]);
      const botOutput = outputOf(bot);
      const botDone = new Promise<number | null>((resolve) => bot.on("exit", resolve));

      const retried = { count: 0 };
      const statuses = new Map<number, number>();
      const seen = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const started = Date.now();
      let listed = 0;
      let bought = 0;
      let next = 0;
      const worker = async () => {
        while (next < WRITES / 2) {
          const i = next++;
          const product = { name: `http-${i}`, description: "Two writers", quantity: 1, price: 0 };
          const created = await send(`${base}/api/products`, json(alex, product), retried);
          seen(created.status);
          if (created.status !== 201) continue;
          listed++;
          const { product: listing } = (await created.json()) as { product: { id: number } };
          const purchase = json(sam, { productId: listing.id }, { "idempotency-key": `http-key-${i}` });
          const reply = await send(`${base}/api/purchase?username=sam`, purchase, retried);
          seen(reply.status);
          await reply.arrayBuffer();
          if (reply.status === 200) bought++;
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

      expect(await botDone, `the second process:\n${botOutput.text}`).toBe(0);
      const botAcknowledged = JSON.parse(botOutput.text) as { memories: number; awards: number };
      console.log(
        `two writers: server ${listed + bought} acknowledged writes (${listed} listings, ${bought} purchases, ` +
          `${retried.count} retried after 503), second process ${botAcknowledged.memories + botAcknowledged.awards}; ` +
          `statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${Date.now() - started} ms`,
      );
      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
      expect(listed).toBe(WRITES / 2);
      expect(bought).toBe(WRITES / 2);
      expect(botAcknowledged).toEqual({ memories: WRITES / 2, awards: WRITES / 2 });

      server.kill("SIGTERM");
      await new Promise((resolve) => server.on("exit", resolve));
      const db = openDb(join(dir, "spankbank.db"));
      try {
        const count = (query: string) => (db.$client.prepare(query).get() as { n: number }).n;
        expect(count("SELECT COUNT(*) AS n FROM products WHERE name LIKE 'http-%'")).toBe(listed);
        expect(
          count(
            `SELECT COUNT(*) AS n FROM purchases p JOIN products pr ON pr.id = p.product_id
             WHERE pr.name LIKE 'http-%'`,
          ),
        ).toBe(bought);
        expect(count("SELECT COUNT(*) AS n FROM memories WHERE message LIKE 'bot-memory-%'")).toBe(
          botAcknowledged.memories,
        );
        expect(count("SELECT COUNT(*) AS n FROM transfers WHERE reference LIKE 'bot-award-%'")).toBe(
          botAcknowledged.awards,
        );
        expect(checkDatabase(db)).toEqual([]);
      } finally {
        db.$client.close();
      }
    } catch (error) {
      console.log(serverOutput.text);
      throw error;
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
