// `npm run bench`: the built app against a bare Fastify + better-sqlite3 baseline running the same
// SQL, on one temp database at the issue's scale. Prints req/s, p50, p99 and the ratio per route,
// purchases per second, cold start and the server's RSS; writes bench-report.json; runs
// `npm run check` on the database afterwards (the purchases must leave the ledger exact).
// The baseline runs in its own process (this script with `--baseline`), like the app.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import BetterSqlite3 from "better-sqlite3";
import { freePort } from "../freePort.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const serverEntry = join(repo, "server/dist/server.bundle.js");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const RUNS = 3;
const CONNECTIONS = 10;
const COLD_STARTS = 5;

if (process.argv[2] === "--baseline") {
  const { buildBaseline } = await import("../dist/bench/baseline.js");
  const app = await buildBaseline(process.argv[3]);
  await app.listen({ port: Number(process.argv[4]), host: "127.0.0.1" });
  process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  const { seedBenchDb, ISSUE_SCALE } = await import("../dist/bench/seed.js");
  const { demoCouple, DEMO_LOGINS } = await import("@spankbank/shared/demoCouple");
  const dir = mkdtempSync(join(tmpdir(), "spankbank-bench-"));
  const databasePath = join(dir, "bench.db");
  const configPath = join(dir, "couple.config.json");
  writeFileSync(configPath, JSON.stringify(demoCouple));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_PATH: databasePath,
    SPANKBANK_CONFIG: configPath,
    LOG_LEVEL: "warn",
    DISCORD_TOKEN: "",
  };
  try {
    let started = performance.now();
    seedBenchDb(databasePath, demoCouple, ISSUE_SCALE).$client.close();
    console.log(`seeded ${JSON.stringify(ISSUE_SCALE)} in ${ms(performance.now() - started)}`);

    const coldStarts = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      const server = await startServer(env);
      coldStarts.push(server.startMs);
      await server.stop();
    }
    const coldStart = median(coldStarts);
    console.log(
      `cold start to the first 200 on /api/health: ${coldStarts.map(ms).join(", ")} (median ${ms(coldStart)})`,
    );

    const app = await startServer(env);
    const baselinePort = await freePort();
    const baseline = spawnChild(
      [fileURLToPath(import.meta.url), "--baseline", databasePath, String(baselinePort)],
      env,
    );
    await waitFor200(`http://127.0.0.1:${baselinePort}/api/products`, [200, 401]);

    const alex = DEMO_LOGINS.find((login) => login.username === "alex");
    started = performance.now();
    const cookie = await signIn(app.url, alex);
    console.log(`signed in as alex (a real session, scrypt ${ms(performance.now() - started)})`);

    const db = new BetterSqlite3(databasePath);
    const alexDiscordId = demoCouple.partners.find((p) => p.username === "alex").discordId;
    const samProducts = db
      .prepare("SELECT products.id FROM products JOIN users ON users.id = seller_id WHERE users.username = 'sam'")
      .all()
      .map((row) => row.id);
    // Before each purchase run: stock back to 10 (the most a favour may have) and alex topped up
    // from the mint through the ledger (a transfer row and both balances); during the run, stock
    // refilled every 100 ms (`refill`, a write through its own connection, as the bot's would be).
    // Stock 10 alone sold out in about 2 s and the run then timed cheap 409s: now every purchase
    // of a run is a real one, and a refusal fails the bench.
    const account = (where) => db.prepare(`SELECT id, balance FROM accounts WHERE ${where}`).get();
    const refillStatement = db.prepare("UPDATE products SET quantity = 10 WHERE quantity < 10 AND removed_at IS NULL");
    const refill = () => refillStatement.run();
    const restock = db.transaction(() => {
      refill();
      const mint = account("name = 'mint'");
      const wallet = account("user_id = (SELECT id FROM users WHERE username = 'alex')");
      const amount = 10_000_000;
      db.prepare("UPDATE accounts SET balance = balance - ? WHERE id = ?").run(amount, mint.id);
      db.prepare("UPDATE accounts SET balance = balance + ? WHERE id = ?").run(amount, wallet.id);
      db.prepare(
        `INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo,
           debit_balance_after, credit_balance_after, created_at) VALUES (?, ?, ?, 'award', 'bench', 'bench top-up', ?, ?, ?)`,
      ).run(mint.id, wallet.id, amount, mint.balance - amount, wallet.balance + amount, new Date().toISOString());
    });

    const routes = [
      { name: "GET /api/spankTotal", path: `/api/spankTotal?discordId=${alexDiscordId}` },
      { name: "GET /api/latestQuestion", path: "/api/latestQuestion" },
      { name: "POST /api/purchase", path: "/api/purchase?username=alex", purchase: true },
      { name: "GET /api/inventory (500 items)", path: "/api/inventory?username=alex" },
      { name: "GET /api/products (1,000)", path: "/api/products" },
      { name: "GET /api/memories (10,000)", path: "/api/memories" },
      // What the web asks for most; the bare baseline has no copy of these yet, so no ratio.
      { name: "GET /api/memories?page=1 (the board)", path: "/api/memories?page=1", appOnly: true },
      { name: "GET /api/questions", path: "/api/questions", appOnly: true },
      { name: "GET /api/auth/session (every load)", path: "/api/auth/session", appOnly: true },
      { name: "GET /api/quoteOfTheDay (dashboard)", path: "/api/quoteOfTheDay", appOnly: true },
      { name: "GET /api/memory (dashboard)", path: "/api/memory", appOnly: true },
      { name: "GET /api/memories/on-this-day (dashboard)", path: "/api/memories/on-this-day", appOnly: true },
    ];
    const results = [];
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;
    for (const route of routes) {
      const runs = { app: [], baseline: [] };
      const sides = route.appOnly
        ? [["app", app.url]]
        : [
            ["app", app.url],
            ["baseline", baselineUrl],
          ];
      for (const [, url] of sides) {
        if (route.purchase) restock();
        await load(url, route, cookie, samProducts, 1, refill); // warm-up: JIT and page cache
      }
      for (let run = 0; run < RUNS; run++) {
        // ABBA: app first on even runs, the baseline first on odd ones, so neither always runs
        // on the warmer (or the more loaded) half of the machine's time.
        for (const [side, url] of run % 2 === 0 ? sides : [...sides].reverse()) {
          if (route.purchase) restock();
          runs[side].push(await load(url, route, cookie, samProducts, SECONDS, refill));
        }
      }
      const summary = summarise(route.name, runs);
      results.push(summary);
      console.log(
        `${summary.route}: app ${summary.app.reqPerSec}/s p50 ${summary.app.p50} ms p99 ${summary.app.p99} ms` +
          (summary.baseline
            ? `; bare ${summary.baseline.reqPerSec}/s p99 ${summary.baseline.p99} ms; ratio ${summary.ratio}`
            : ""),
      );
    }
    db.close();
    const rssMb = rssOf(app.pid);
    await app.stop();
    baseline.kill("SIGTERM");
    await new Promise((resolve) => baseline.once("exit", resolve));

    const purchase = results.find((r) => r.route === "POST /api/purchase");
    const report = {
      when: new Date().toISOString(),
      machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
      scale: ISSUE_SCALE,
      settings: { connections: CONNECTIONS, seconds: SECONDS, runs: RUNS },
      routes: results,
      purchasesPerSecond: { app: purchase.app.reqPerSec, baseline: purchase.baseline.reqPerSec },
      coldStartMs: { median: round(coldStart), runs: coldStarts.map(round) },
      serverRssMb: rssMb,
    };
    printTable(report);
    const reportPath = join(repo, "bench-report.json");
    writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nreport written to ${reportPath}\n`);
    execFileSync("npm", ["run", "--silent", "check"], { cwd: repo, env, stdio: "inherit" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One autocannon run; a purchase picks a random product of the other partner and a fresh Idempotency-Key. */
async function load(url, route, cookie, products, seconds, refill) {
  // As a browser asks: the app answers brotli above 1 KB, the bare baseline never compresses.
  const headers = { cookie, accept: "application/json", "accept-encoding": "br, gzip" };
  const options = { url: url + route.path, connections: CONNECTIONS, duration: seconds, headers };
  if (route.purchase) {
    options.method = "POST";
    options.headers = { ...headers, "content-type": "application/json" };
    options.requests = [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ productId: products[Math.floor(Math.random() * products.length)] }),
        }),
      },
    ];
  }
  const refilling = route.purchase ? setInterval(refill, 100) : undefined;
  let result;
  try {
    result = await autocannon(options);
  } finally {
    clearInterval(refilling);
  }
  // Stock and spanks never run out in a run, so a refusal (409) is a failure like any other.
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${route.name} on ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function summarise(route, runs) {
  const side = (list) => ({
    reqPerSec: round(median(list.map((r) => r.reqPerSec))),
    p50: round(median(list.map((r) => r.p50))),
    p99: round(median(list.map((r) => r.p99))),
  });
  const app = side(runs.app);
  if (runs.baseline.length === 0) return { route, app, baseline: null, ratio: null };
  const baseline = side(runs.baseline);
  return { route, app, baseline, ratio: Math.round((app.reqPerSec / baseline.reqPerSec) * 100) / 100 };
}

function printTable(report) {
  console.log("\n| route | app req/s | app p50 | app p99 | bare req/s | bare p99 | app ÷ bare |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of report.routes) {
    console.log(
      r.baseline
        ? `| ${r.route} | ${r.app.reqPerSec} | ${r.app.p50} ms | ${r.app.p99} ms | ${r.baseline.reqPerSec} | ${r.baseline.p99} ms | ${r.ratio} |`
        : `| ${r.route} | ${r.app.reqPerSec} | ${r.app.p50} ms | ${r.app.p99} ms | — | — | — |`,
    );
  }
  console.log(
    `\npurchases/s: app ${report.purchasesPerSecond.app}, bare ${report.purchasesPerSecond.baseline}; ` +
      `cold start (median of ${COLD_STARTS}): ${report.coldStartMs.median} ms; server RSS after the run: ${report.serverRssMb} MB`,
  );
}

/** Spawns the built server on a free port; resolves once /api/health answers 200, with the time that took. */
async function startServer(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawnChild([serverEntry], { ...env, PORT: String(port), HOST: "127.0.0.1" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}/api/health`, [200]);
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

function spawnChild(args, env) {
  const child = spawn(process.execPath, args, { cwd: repo, env, stdio: ["ignore", "ignore", "inherit"] });
  child.once("exit", (code, signal) => {
    if (code !== 0 && code !== null && signal === null) console.error(`${args[0]} exited with ${code}`);
  });
  return child;
}

async function waitFor200(url, okStatuses) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (okStatuses.includes(response.status)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

async function signIn(url, { username, password }) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0].split(";")[0];
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value) {
  return Math.round(value * 10) / 10;
}

function ms(value) {
  return `${Math.round(value)} ms`;
}
