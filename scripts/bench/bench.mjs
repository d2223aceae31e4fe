// `npm run bench`: the built app against a bare Fastify + better-sqlite3 baseline running the same
// SQL, on a ten-years seed grown at three sizes (docs/performance.md): 1x (about five weeks),
// 10x (one year), 100x (ten years). Per size it prints every route's and page's bytes and p50/p99,
// the app ÷ bare throughput per route (ABBA rounds, median and spread), the event-loop delay p99
// inside the server and /api/health p99 under a mixed load of pages and API reads, and the
// server's peak RSS under load (apart from the sign-in's); writes bench-report.json; runs `npm run check` on the ten-years database.
// The baseline runs in its own process (this script with `--baseline`), like the app.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import BetterSqlite3 from "better-sqlite3";
import { freePort } from "../freePort.mjs";
import { serverEnv, signIn } from "./benchServer.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const serverEntry = join(repo, "server/dist/server.bundle.js");
const probe = fileURLToPath(new URL("./eventLoopProbe.mjs", import.meta.url));
/** Seconds of each autocannon run in the ratio rounds, and of the mixed load. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 6);
/** ABBA rounds per route (app then bare, bare then app, ...). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = 10;
/** Requests per route or page for its bytes and p50/p99 (fewer when one takes long). */
const SAMPLES = 40;
const SAMPLE_BUDGET_MS = 3_000;
/** Searches as a partner types them: a word found in about one text in five, two words, a start of a word, a rare one. */
const SEARCHES = ["pancakes", "lighthouse sunset", "kyo", "Memory 4242", "harb fire"];
/** Samples of each search on each side, in rounds that alternate which side goes first (ABBA). */
const SEARCH_SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 60);

/** Ten years divided by: 100 (1x, about five weeks), 10 (10x, one year), 1 (100x, ten years). */
const SIZES = (process.env.BENCH_SIZES ?? "1x,10x,100x")
  .split(",")
  .filter((name) => name !== "none")
  .map((name) => ({
    name,
    divisor: { "1x": 100, "10x": 10, "100x": 1 }[name],
  }));

if (process.argv[2] === "--baseline") {
  const { buildBaseline } = await import("../dist/bench/baseline.js");
  // BENCH_BASELINE_HEADERS: headers every answer carries (bench:fixed-cost's "bare+headers").
  const headers = process.env.BENCH_BASELINE_HEADERS;
  const app = await buildBaseline(process.argv[3], headers === undefined ? {} : { headers: JSON.parse(headers) });
  await app.listen({ port: Number(process.argv[4]), host: "127.0.0.1" });
  process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  const { seedBenchDb, scaleOf } = await import("../dist/bench/seed.js");
  const { SEARCH_SCALE } = await import("../dist/bench/seed.js");
  const { demoCouple, DEMO_LOGINS } = await import("@spankbank/shared/demoCouple");
  const report = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverageAtStart: loadavg().map(round) },
    settings: { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, mixedSeconds: MIXED_SECONDS },
    sizes: [],
  };
  const dirs = [];
  try {
    for (const size of SIZES) {
      const dir = mkdtempSync(join(tmpdir(), "spankbank-bench-"));
      dirs.push(dir);
      const result = await benchSize(size, scaleOf(size.divisor), dir, { seedBenchDb, demoCouple, DEMO_LOGINS });
      report.sizes.push(result);
      printSize(result);
    }
    const searchDir = mkdtempSync(join(tmpdir(), "spankbank-bench-"));
    dirs.push(searchDir);
    report.search = await benchSearch(searchDir, { demoCouple, DEMO_LOGINS, seedBenchDb, SEARCH_SCALE });
    report.machine.loadAverageAtEnd = loadavg().map(round);
    const reportPath = join(repo, "bench-report.json");
    writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nreport written to ${reportPath}; load average ${report.machine.loadAverageAtEnd.join(" ")}\n`);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function benchSize(size, scale, dir, { seedBenchDb, demoCouple, DEMO_LOGINS }) {
  const databasePath = join(dir, "bench.db");
  const configPath = join(dir, "couple.config.json");
  writeFileSync(configPath, JSON.stringify(demoCouple));
  const env = serverEnv(databasePath, configPath);
  const started = performance.now();
  seedBenchDb(databasePath, demoCouple, scale).$client.close();
  const seedMs = performance.now() - started;
  console.log(`\n## ${size.name}: seeded ${JSON.stringify(scale)} in ${ms(seedMs)}`);

  const coldStarts = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer(env);
    coldStarts.push(server.startMs);
    await server.stop();
  }

  const app = await startServer(env);
  const baselinePort = await freePort();
  const baseline = spawnChild([fileURLToPath(import.meta.url), "--baseline", databasePath, String(baselinePort)], env);
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  await waitFor200(`${baselineUrl}/api/products`, [200, 401]);
  const alex = DEMO_LOGINS.find((login) => login.username === "alex");
  const cookie = await signIn(app.url, alex);
  // A sign-in's password check holds its hash's memory while it runs (argon2id: 19 MiB): said apart from the load's peak.
  const signInPeakRssMb = peakRssOf(app.pid);
  resetPeakRss(app.pid);

  const db = new BetterSqlite3(databasePath);
  const alexDiscordId = demoCouple.partners.find((p) => p.username === "alex").discordId;
  const samProducts = db
    .prepare("SELECT products.id FROM products JOIN users ON users.id = seller_id WHERE users.username = 'sam'")
    .all()
    .map((row) => row.id);
  const { restock, refill } = stockKeeper(db);

  try {
    // Every read the web makes and every page, as a browser asks (brotli accepted): bytes on the
    // wire, bytes once decompressed, p50/p99 of sequential requests.
    const reads = [
      "/api/auth/session",
      `/api/spankTotal?discordId=${alexDiscordId}`,
      "/api/latestQuestion",
      "/api/quoteOfTheDay",
      "/api/memory",
      "/api/memories/on-this-day",
      "/api/backup-health",
      "/api/products",
      "/api/products?page=1",
      "/api/products?page=1&username=alex",
      "/api/inventory?username=alex",
      "/api/inventory?username=alex&page=1",
      "/api/redeemed?username=alex",
      "/api/redeemed?username=alex&page=1",
      "/api/transactions?page=1",
      "/api/memories?page=1&pageSize=5",
      "/api/memories",
      "/api/questions",
      "/api/questions?page=1",
      "/api/questions?page=1&search=smile",
      "/api/later-letters",
      "/api/later-letters?page=1",
      "/api/visits?page=1",
      "/api/our-year",
      `/api/charitySpankTotal?charityName=${encodeURIComponent(demoCouple.charityName)}`,
      "/api/letter",
    ];
    const pages = [
      "/dashboard",
      "/memories",
      "/allquestions",
      "/letters",
      "/together",
      "/our-year",
      "/spank-bank",
      "/inventory",
      "/floggers4change",
      "/christmas-letter",
    ];
    const sizes = [];
    for (const path of [...reads, ...pages]) {
      const sample = await sampleOne(app.url, path, cookie, pages.includes(path));
      sizes.push(sample);
      console.log(
        `${path}: ${sample.status} ${kb(sample.wireBytes)} on the wire, ${kb(sample.bytes)} decompressed; p50 ${sample.p50} ms p99 ${sample.p99} ms (${sample.count} requests)`,
      );
    }

    // The app ÷ bare per route: the same SQL on both sides, ABBA rounds.
    const ratioRoutes = [
      { name: "GET /api/spankTotal", path: `/api/spankTotal?discordId=${alexDiscordId}` },
      { name: "GET /api/latestQuestion", path: "/api/latestQuestion" },
      { name: "POST /api/purchase", path: "/api/purchase?username=alex", purchase: true },
      { name: "GET /api/inventory (bare list)", path: "/api/inventory?username=alex" },
      { name: "GET /api/inventory?page=1 (the Inventory tab)", path: "/api/inventory?username=alex&page=1" },
      { name: "GET /api/products (bare list)", path: "/api/products" },
      { name: "GET /api/products?page=1 (the Shop)", path: "/api/products?page=1" },
      { name: "GET /api/memories (bare list)", path: "/api/memories" },
      { name: "GET /api/memories?page=1 (the board)", path: "/api/memories?page=1&pageSize=5" },
      { name: "GET /api/questions?page=1 (All Q&A)", path: "/api/questions?page=1" },
    ];
    const ratios = [];
    for (const route of ratioRoutes) {
      if (!route.purchase && (await rawGet(baselineUrl + route.path, { cookie })).status === 404) {
        console.log(`${route.name}: the bare server has no copy of it`);
        continue;
      }
      const sides = [
        ["app", app.url],
        ["bare", baselineUrl],
      ];
      for (const [, url] of sides) {
        if (route.purchase) restock();
        await load(url, route, cookie, samProducts, 0.5, refill); // warm-up: JIT and page cache
      }
      const runs = { app: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // ABBA: app first on even rounds, bare first on odd ones, so neither always runs on the
        // warmer (or the more loaded) half of the machine's time.
        for (const [side, url] of round % 2 === 0 ? sides : [...sides].reverse()) {
          if (route.purchase) restock();
          runs[side].push(await load(url, route, cookie, samProducts, SECONDS, refill));
        }
      }
      const summary = summarise(route.name, runs);
      ratios.push(summary);
      console.log(
        `${summary.route}: app ${summary.app.reqPerSec}/s p99 ${summary.app.p99} ms; bare ${summary.bare.reqPerSec}/s p99 ${summary.bare.p99} ms; ratio ${summary.ratio} (rounds ${summary.ratios.join(", ")})`,
      );
    }

    // A mixed load of pages and API reads; /api/health asked alongside, one at a time.
    const mixed = await mixedLoad(app, [...pages, ...reads], cookie);
    console.log(
      `mixed load: ${mixed.reqPerSec}/s, event-loop delay p99 ${mixed.eventLoopP99} ms (max ${mixed.eventLoopMax} ms), /api/health p50 ${mixed.healthP50} ms p99 ${mixed.healthP99} ms`,
    );
    // The API reads alone: what the server does once the pages are the browser's to render.
    const apiOnly = await mixedLoad(app, reads, cookie);
    console.log(
      `API reads only: ${apiOnly.reqPerSec}/s, event-loop delay p99 ${apiOnly.eventLoopP99} ms (max ${apiOnly.eventLoopMax} ms), /api/health p50 ${apiOnly.healthP50} ms p99 ${apiOnly.healthP99} ms`,
    );
    // The same reads while a partner writes (their letter, saved every quarter second: far more
    // often than a couple does): each write makes the answers kept until a write count again.
    const withWrites = await mixedLoad(app, [...pages, ...reads], cookie, { writeEveryMs: 250 });
    console.log(
      `with writes: ${withWrites.reqPerSec}/s, ${withWrites.writes} writes, event-loop delay p99 ${withWrites.eventLoopP99} ms (max ${withWrites.eventLoopMax} ms), /api/health p50 ${withWrites.healthP50} ms p99 ${withWrites.healthP99} ms`,
    );
    const peakRssMb = peakRssOf(app.pid);
    console.log(`peak RSS of the server under load: ${peakRssMb} MB (${signInPeakRssMb} MB at the sign-in)`);
    // Twice in a row (each partner keeping a copy, or one tried again): does the second stack on the first?
    const download = await downloadOurData(app, cookie);
    const again = await downloadOurData(app, cookie, { keepPeak: true });
    download.againSeconds = again.seconds;
    download.peakRssMb = again.peakRssMb;
    console.log(
      `Download our data, twice in a row: ${download.megabytes} MB in ${download.seconds} s and ${download.againSeconds} s, peak RSS of the server ${download.peakRssMb} MB`,
    );
    return {
      size: size.name,
      scale,
      seedMs: Math.round(seedMs),
      coldStartMs: round(median(coldStarts)),
      sizes,
      ratios,
      mixed,
      apiOnly,
      withWrites,
      peakRssMb,
      signInPeakRssMb,
      download,
    };
  } finally {
    db.close();
    await app.stop();
    baseline.kill("SIGTERM");
    await new Promise((resolve) => baseline.once("exit", resolve));
    if (size.divisor === 1) execFileSync("npm", ["run", "--silent", "check"], { cwd: repo, env, stdio: "inherit" });
  }
}

/**
 * `GET /api/search` over 100,000 memories and 5,000 answers: p50 and p99 of the app (over HTTP,
 * one request at a time) and of the same FTS statements in bare better-sqlite3 in this process,
 * and their ratio: what the app's route costs above the SQL it cannot avoid.
 */
async function benchSearch(dir, { demoCouple, DEMO_LOGINS, seedBenchDb, SEARCH_SCALE }) {
  const databasePath = join(dir, "search.db");
  const configPath = join(dir, "couple.config.json");
  writeFileSync(configPath, JSON.stringify(demoCouple));
  const started = performance.now();
  seedBenchDb(databasePath, demoCouple, SEARCH_SCALE).$client.close();
  console.log(
    `\n## search: seeded ${SEARCH_SCALE.memories} memories and ${2 * SEARCH_SCALE.answeredQuestions} answers in ${ms(performance.now() - started)}`,
  );
  const env = serverEnv(databasePath, configPath);
  const app = await startServer(env);
  const alex = DEMO_LOGINS.find((login) => login.username === "alex");
  const cookie = await signIn(app.url, alex);
  const db = new BetterSqlite3(databasePath, { readonly: true });
  const reader = db.prepare("SELECT id FROM users WHERE username = 'alex'").pluck().get();
  const bare = bareSearch(db);
  const rows = [];
  try {
    for (const q of SEARCHES) {
      const path = `/api/search?q=${encodeURIComponent(q)}`;
      const reply = await rawGet(app.url + path, { cookie, accept: "application/json" });
      if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${reply.body}`);
      const found = JSON.parse(reply.body).groups.map((group) => group.total);
      const match = ftsQuery(q);
      const appTimes = [];
      const bareTimes = [];
      const runApp = async () => {
        const before = performance.now();
        await rawGet(app.url + path, { cookie, accept: "application/json" });
        appTimes.push(performance.now() - before);
      };
      const runBare = () => {
        const before = performance.now();
        bare(match, reader);
        bareTimes.push(performance.now() - before);
      };
      runBare(); // warm-up: statements prepared, pages cached
      for (let round = 0; round < SEARCH_SAMPLES / 10; round++) {
        for (const side of round % 2 === 0 ? ["app", "bare"] : ["bare", "app"]) {
          for (let i = 0; i < 10; i++) side === "app" ? await runApp() : runBare();
        }
      }
      const row = {
        q,
        found,
        app: { p50: round(percentile(appTimes, 50)), p99: round(percentile(appTimes, 99)) },
        bare: { p50: round(percentile(bareTimes, 50)), p99: round(percentile(bareTimes, 99)) },
      };
      row.ratioP50 = Math.round((row.app.p50 / row.bare.p50) * 100) / 100;
      rows.push(row);
    }
  } finally {
    db.close();
    await app.stop();
  }
  console.log(
    "\n| search | found (memories, answers, letters for later, letters, favours) | app p50 | app p99 | bare p50 | bare p99 | app ÷ bare (p50) |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.q} | ${r.found.join(", ")} | ${r.app.p50} ms | ${r.app.p99} ms | ${r.bare.p50} ms | ${r.bare.p99} ms | ${r.ratioP50} |`,
    );
  }
  return {
    memories: SEARCH_SCALE.memories,
    answers: 2 * SEARCH_SCALE.answeredQuestions,
    samples: SEARCH_SAMPLES,
    rows,
  };
}

/** The FTS query db/src/searchQuery.ts builds from typed words (quoted, a prefix from two characters). */
function ftsQuery(typed) {
  const words = [...new Set(typed.match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? [])].slice(0, 8);
  return words.map((word) => `"${word}"${[...word].length >= 2 ? "*" : ""}`).join(" ");
}

/** The statements of db/src/search.ts for a couple without sealing, in bare better-sqlite3: every kind's count and first page. */
function bareSearch(db) {
  // The app's statements (db/src/search.ts): a count that stops one past 500, and the page in one
  // pass of the index, only its rows excerpted.
  const kind = (index, table, visible, columns, joins, column) => {
    const from = `${index} JOIN ${table} t ON t.id = ${index}.rowid`;
    const where = `${index} MATCH +@match${visible ? ` AND (${visible})` : ""}`;
    return {
      count: db
        .prepare(
          visible
            ? `SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT 501)`
            : `SELECT count(*) FROM (SELECT 1 FROM ${index} WHERE ${index} MATCH +@match LIMIT 501)`,
        )
        .pluck(),
      page: db.prepare(
        `SELECT t.id, snippet(${index}, ${column}, char(1), char(2), '…', 24) AS marked, ${columns}
         FROM ${from} ${joins} WHERE ${where} ORDER BY ${index}.rowid DESC LIMIT 5 OFFSET 0`,
      ),
    };
  };
  const kinds = [
    kind(
      "memories_search",
      "memories",
      null,
      "u.response_name, t.created_at AS createdAt",
      "JOIN users u ON u.id = t.user_id",
      0,
    ),
    kind(
      "answers_search",
      "answers",
      null,
      "u.response_name, t.created_at, q.text, q.id",
      "JOIN users u ON u.id = t.user_id JOIN questions q ON q.id = t.question_id",
      0,
    ),
    kind(
      "later_letters_search",
      "later_letters",
      "t.from_user_id = +@reader OR (t.to_user_id = +@reader AND t.opened_at IS NOT NULL)",
      "u.username, t.created_at",
      "JOIN users u ON u.id = t.from_user_id",
      0,
    ),
    kind(
      "letters_search",
      "(SELECT id, from_user_id, to_user_id, text, updated_at AS created_at FROM letters)",
      "t.from_user_id = +@reader OR t.to_user_id = +@reader",
      "u.username, t.created_at",
      "JOIN users u ON u.id = t.from_user_id",
      0,
    ),
    kind(
      "products_search",
      "products",
      "t.removed_at IS NULL",
      "u.username, t.created_at, t.name",
      "JOIN users u ON u.id = t.seller_id",
      -1,
    ),
  ];
  const before = db
    .prepare("SELECT count(*) FROM memories WHERE deleted_at IS NULL AND (created_at, id) > (+@createdAt, +@id)")
    .pluck();
  const between = db
    .prepare(
      "SELECT count(*) FROM memories WHERE deleted_at IS NULL AND (created_at, id) > (+@createdAt, +@id) AND (created_at, id) <= (+@beforeCreatedAt, +@beforeId)",
    )
    .pluck();
  return (match, reader) =>
    kinds.map(({ count, page }, index) => {
      const total = index === 2 || index === 3 ? count.get({ match, reader }) : count.get({ match });
      const bound = index === 2 || index === 3 ? { match, reader } : { match };
      const rows = total === 0 ? [] : page.all(bound);
      if (index === 0) {
        let previous;
        for (const row of rows) {
          previous === undefined
            ? before.get({ createdAt: row.createdAt, id: row.id })
            : between.get({
                createdAt: row.createdAt,
                id: row.id,
                beforeCreatedAt: previous.createdAt,
                beforeId: previous.id,
              });
          previous = row;
        }
      }
      return rows;
    });
}

/**
 * Before each purchase run: stock back to 10 (the most a favour may have) and alex topped up from
 * the mint through the ledger (a transfer row and both balances); during the run, stock refilled
 * every 5 ms (`refill`, a write through its own connection, as the bot's would be: at 1x sam has
 * five favours of at most 10 each, which a refill every 100 ms did not keep in stock at ~2,000
 * purchases a second), so every purchase of a run is a real one and a refusal fails the bench.
 */
function stockKeeper(db) {
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
  return { restock, refill };
}

/** Sequential GETs of one path: its size (on the wire and decompressed) and latency. */
async function sampleOne(url, path, cookie, isPage) {
  const latencies = [];
  let last;
  const started = performance.now();
  while (latencies.length < SAMPLES && (latencies.length < 3 || performance.now() - started < SAMPLE_BUDGET_MS)) {
    const before = performance.now();
    last = await rawGet(url + path, {
      cookie,
      accept: isPage ? "text/html" : "application/json",
      "accept-encoding": "br, gzip",
    });
    latencies.push(performance.now() - before);
  }
  const bytes = decompressedLength(last);
  return {
    path,
    status: last.status,
    wireBytes: last.body.length,
    bytes,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    count: latencies.length,
  };
}

function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

function decompressedLength({ encoding, body }) {
  if (encoding === "br") return brotliDecompressSync(body).length;
  if (encoding === "gzip") return gunzipSync(body).length;
  return body.length;
}

/** One autocannon run; a purchase picks a random product of the other partner and a fresh Idempotency-Key. */
async function load(url, route, cookie, products, seconds, refill) {
  // As a browser asks: the app answers brotli from 14.6 KB, the bare baseline never compresses.
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
  const refilling = route.purchase ? setInterval(refill, 5) : undefined;
  let result;
  try {
    result = await autocannon(options);
  } finally {
    clearInterval(refilling);
  }
  // Stock and spanks never run out in a run, so a refusal (409) is a failure like any other.
  if (result.non2xx > 0 || result.errors > 0) {
    // One more of the same, to say why.
    const one = route.purchase
      ? await fetch(url + route.path, {
          method: "POST",
          headers: { ...options.headers, "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify({ productId: products[0] }),
        })
      : await fetch(url + route.path, { headers });
    throw new Error(
      `${route.name} on ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors; one more: ${one.status} ${await one.text()}`,
    );
  }
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Pages and API reads in turn over several connections; meanwhile /api/health one at a time (its
 * latency is the wait of a request that needs nothing) and the server's own event-loop delay; with
 * `writeEveryMs`, the signed-in partner's letter saved that often too.
 */
async function mixedLoad(app, paths, cookie, { writeEveryMs } = {}) {
  const requests = paths.map((path) => ({
    method: "GET",
    path,
    headers: {
      cookie,
      accept: path.startsWith("/api/") ? "application/json" : "text/html",
      "accept-encoding": "br, gzip",
    },
  }));
  await app.eventLoop("reset");
  let loading = true;
  const health = [];
  const probing = (async () => {
    while (loading) {
      const before = performance.now();
      await rawGet(`${app.url}/api/health`, {});
      health.push(performance.now() - before);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  let writes = 0;
  const writing = (async () => {
    while (loading && writeEveryMs !== undefined) {
      const saved = await fetch(`${app.url}/api/letter`, {
        method: "PUT",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ text: `Dear Sam, draft ${writes + 1}.` }),
      });
      if (!saved.ok) throw new Error(`saving the letter: ${saved.status} ${await saved.text()}`);
      writes++;
      await new Promise((resolve) => setTimeout(resolve, writeEveryMs));
    }
  })();
  const result = await autocannon({ url: app.url, connections: 4, duration: MIXED_SECONDS, requests, timeout: 30 });
  loading = false;
  await Promise.all([probing, writing]);
  const delay = await app.eventLoop("read");
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`mixed load: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    reqPerSec: round(result.requests.average),
    eventLoopP99: round(delay.p99),
    eventLoopMax: round(delay.max),
    healthP50: round(percentile(health, 50)),
    healthP99: round(percentile(health, 99)),
    healthCount: health.length,
    writes,
  };
}

function summarise(route, runs) {
  const side = (list) => ({
    reqPerSec: round(median(list.map((r) => r.reqPerSec))),
    p50: round(median(list.map((r) => r.p50))),
    p99: round(median(list.map((r) => r.p99))),
  });
  const ratios = runs.app.map((run, i) => Math.round((run.reqPerSec / runs.bare[i].reqPerSec) * 100) / 100);
  return {
    route,
    app: side(runs.app),
    bare: side(runs.bare),
    ratio: Math.round(median(ratios) * 100) / 100,
    ratios,
    spread: Math.round((Math.max(...ratios) - Math.min(...ratios)) * 100) / 100,
  };
}

function printSize(result) {
  console.log(`\n### ${result.size} (${result.scale.memories} memories, ${result.scale.answeredQuestions} questions)`);
  console.log("\n| route or page | status | wire | decompressed | p50 | p99 |");
  console.log("|---|---|---|---|---|---|");
  for (const s of result.sizes) {
    console.log(`| ${s.path} | ${s.status} | ${kb(s.wireBytes)} | ${kb(s.bytes)} | ${s.p50} ms | ${s.p99} ms |`);
  }
  console.log("\n| route | app req/s | app p99 | bare req/s | bare p99 | app ÷ bare (median) | spread |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of result.ratios) {
    console.log(
      `| ${r.route} | ${r.app.reqPerSec} | ${r.app.p99} ms | ${r.bare.reqPerSec} | ${r.bare.p99} ms | ${r.ratio} | ${r.spread} |`,
    );
  }
  for (const [what, m] of [
    ["pages and API reads", result.mixed],
    ["API reads only", result.apiOnly],
    [`pages and API reads, a letter saved every 250 ms (${result.withWrites.writes} writes)`, result.withWrites],
  ]) {
    console.log(
      `\nmixed load, ${what}, ${m.reqPerSec}/s: event-loop delay p99 ${m.eventLoopP99} ms, /api/health p99 ${m.healthP99} ms ` +
        `(p50 ${m.healthP50}, ${m.healthCount} asked)`,
    );
  }
  console.log(
    `peak RSS ${result.peakRssMb} MB under load, ${result.signInPeakRssMb} MB at the sign-in; cold start ${result.coldStartMs} ms`,
  );
  console.log(
    `Download our data, twice in a row: ${result.download.megabytes} MB in ${result.download.seconds} s and ${result.download.againSeconds} s, peak RSS ${result.download.peakRssMb} MB`,
  );
}

/**
 * The web's "Download our data" (GET /api/export) read to its end: its size, time and the server's
 * peak RSS meanwhile (since the download before, with `keepPeak`).
 */
async function downloadOurData(app, cookie, { keepPeak = false } = {}) {
  if (!keepPeak) resetPeakRss(app.pid);
  const started = performance.now();
  const bytes = await new Promise((resolve, reject) => {
    const request = httpRequest(`${app.url}/api/export`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`GET /api/export: ${response.statusCode}`));
      let received = 0;
      response.on("data", (chunk) => {
        received += chunk.length;
      });
      response.on("end", () =>
        Number(response.headers["content-length"]) === received
          ? resolve(received)
          : reject(
              new Error(`GET /api/export: ${response.headers["content-length"]} bytes announced, ${received} sent`),
            ),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
  return {
    megabytes: round(bytes / 1e6),
    seconds: round((performance.now() - started) / 1000),
    peakRssMb: peakRssOf(app.pid),
  };
}

/**
 * Spawns the built server on a free port, with the event-loop probe loaded into it; resolves once
 * /api/health answers 200, with the time that took.
 */
async function startServer(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", probe, serverEntry], {
    cwd: repo,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}/api/health`, [200]);
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    startMs,
    // The server sends messages of its own ("listening"): the probe's answers name it.
    eventLoop: (command) =>
      new Promise((resolve) => {
        const answer = (message) => {
          if (message?.probe !== command) return;
          child.off("message", answer);
          resolve(message);
        };
        child.on("message", answer);
        child.send(command);
      }),
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

/** Starts the process's RSS high-water mark again from its current RSS (Linux `clear_refs` 5). */
function resetPeakRss(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** The most memory the process has held (VmHWM: its RSS high-water mark). */
function peakRssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024);
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
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

function kb(bytes) {
  return bytes >= 1024 * 1024 ? `${round(bytes / 1024 / 1024)} MB` : `${round(bytes / 1024)} KB`;
}
