import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect } from "@playwright/test";
import { ALEX } from "./app";
import { type ServerProcess, startServer, timed } from "./serverProcess";
import { test } from "./test";

/** A second process (as the bot or a backup would be) that holds the write lock for 2 s. */
const HOLD_LOCK = `
const db = new (require("better-sqlite3"))(process.argv[1]);
db.exec("BEGIN IMMEDIATE");
db.prepare("UPDATE users SET city = city").run();
process.stdout.write("locked\\n");
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
db.exec("COMMIT");
process.stdout.write("released\\n");
`;

let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

test("while another process holds the write lock for 2 s, reads answer at once and a purchase waits or is 503, never 500", async () => {
  // One production-cost sign-in, a cold start on a busy machine and the 2 s hold.
  test.setTimeout(90_000);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ALEX),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });
  const products = (await (await get("/api/products")).json()) as {
    id: number;
    username: string;
    quantity: number;
    price: number;
  }[];
  const { spankTotal } = (await (await get("/api/spankTotal")).json()) as { spankTotal: number };
  const favour = products.find((p) => p.username !== "alex" && p.quantity > 0 && p.price <= spankTotal)!;
  expect(favour).toBeDefined();
  // The same reads with nobody holding the lock: what this machine takes right now.
  const quietProducts = await timed(() => get("/api/products"));
  const quietHealth = await timed(() => get("/api/health"));

  const holder = spawn(process.execPath, ["-e", HOLD_LOCK, server.databasePath], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const output: string[] = [];
  const locked = new Promise<void>((resolve) =>
    holder.stdout.on("data", (chunk: Buffer) => {
      output.push(...chunk.toString().trim().split("\n"));
      if (output.includes("locked")) resolve();
    }),
  );
  const exited = once(holder, "exit");
  await locked;
  const purchase = timed(() =>
    fetch(`${server.url}/api/purchase`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ productId: favour.id, quantity: 1 }),
    }),
  );
  // Let the purchase meet the lock before reading.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const duringProducts = await timed(() => get("/api/products"));
  const duringHealth = await timed(() => get("/api/health"));
  const stillLocked = !output.includes("released");
  const bought = await purchase;
  const [exitCode] = await exited;

  console.log(
    `write lock held 2 s: GET /api/products ${duringProducts.ms.toFixed(0)} ms (quiet ${quietProducts.ms.toFixed(0)}), /api/health ${duringHealth.ms.toFixed(0)} ms (quiet ${quietHealth.ms.toFixed(0)}); purchase ${bought.result.status} after ${bought.ms.toFixed(0)} ms`,
  );
  expect(exitCode).toBe(0);
  expect(stillLocked).toBe(true);
  expect(duringProducts.result.status).toBe(200);
  expect(duringHealth.result.status).toBe(200);
  // A read held by the lock (a blocked event loop) takes its whole 2 s: the bound is half of that,
  // or 4 of the same read measured just before. The figures printed above are the ones to read
  // against the 100 ms; the other e2e worker's test can hold the CPU for a moment here.
  expect(duringProducts.ms).toBeLessThan(Math.max(1_000, 4 * quietProducts.ms));
  expect(duringHealth.ms).toBeLessThan(Math.max(1_000, 4 * quietHealth.ms));
  expect([200, 503]).toContain(bought.result.status);
  if (bought.result.status === 200) {
    expect((await bought.result.json()).success).toBe(true);
    expect(output).toContain("released");
  } else {
    expect(Number(bought.result.headers.get("retry-after"))).toBeGreaterThan(0);
  }
});
