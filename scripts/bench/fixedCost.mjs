// `npm run bench:fixed-cost`: the app's fixed cost per request. The built server and the bare
// baseline (scripts/src/bench/baseline.ts, the same SQL, session lookup included) each run in a
// process of their own with scripts/bench/cpuProbe.mjs loaded; this process sends each one the same
// signed-in requests, one at a time over a keep-alive socket, in ABBA blocks, and asks the server
// for the CPU time (process.cpuUsage) the block cost it. The lowest block of each side is kept:
// CPU time is what the code costs whatever the machine's load, and the lowest block is the one the
// machine's other work disturbed least. A third side, "bare+headers", is the baseline sending the
// app's own security and cache headers (the baseline sends none): how much of the gap they are.
//
// BENCH_SIZE=10x (1x, 10x or 100x of the ten-years seed), BENCH_REQUESTS=100 per block,
// BENCH_BLOCKS=8 per side, BENCH_ROUTES=spankTotal,latestQuestion (names below) to pick some.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../freePort.mjs";
import { serverEnv, signIn } from "./benchServer.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const serverEntry = join(repo, "server/dist/server.bundle.js");
const benchEntry = fileURLToPath(new URL("./bench.mjs", import.meta.url));
const probe = fileURLToPath(new URL("./cpuProbe.mjs", import.meta.url));
const ROUTES = {
  spankTotal: "/api/spankTotal",
  latestQuestion: "/api/latestQuestion",
  "products?page=1": "/api/products?page=1",
  "questions?page=1": "/api/questions?page=1",
  "memories?page=1": "/api/memories?page=1",
  "inventory?page=1": "/api/inventory?page=1",
};
/** What every answer carries, the baseline's too. */
const PER_ANSWER_HEADERS = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);
const size = process.env.BENCH_SIZE ?? "10x";
const divisor = { "1x": 100, "10x": 10, "100x": 1 }[size];
if (divisor === undefined) throw new Error("BENCH_SIZE must be 1x, 10x or 100x");
const requests = Number(process.env.BENCH_REQUESTS ?? 100);
const blocks = Number(process.env.BENCH_BLOCKS ?? 8);
const picked = process.env.BENCH_ROUTES?.split(",") ?? Object.keys(ROUTES);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

const { seedBenchDb, scaleOf } = await import("../dist/bench/seed.js");
const { demoCouple, DEMO_LOGINS } = await import("@spankbank/shared/demoCouple");
const dir = mkdtempSync(join(tmpdir(), "spankbank-fixed-cost-"));
const databasePath = join(dir, "bench.db");
const configPath = join(dir, "couple.config.json");
writeFileSync(configPath, JSON.stringify(demoCouple));
seedBenchDb(databasePath, demoCouple, scaleOf(divisor)).$client.close();
const env = serverEnv(databasePath, configPath);
const servers = [];
try {
  const app = await start([serverEntry], env);
  const alex = DEMO_LOGINS.find((login) => login.username === "alex");
  const headers = { cookie: await signIn(app.url, alex), "accept-encoding": "br, gzip" };
  const probed = await get(`${app.url}/api/spankTotal`, headers);
  const ownHeaders = Object.fromEntries(
    Object.entries(probed.headers).filter(([name]) => !PER_ANSWER_HEADERS.has(name)),
  );
  const sides = {
    app,
    bare: await start([benchEntry, "--baseline", databasePath], env),
    "bare+headers": await start([benchEntry, "--baseline", databasePath], {
      ...env,
      BENCH_BASELINE_HEADERS: JSON.stringify(ownHeaders),
    }),
  };

  console.log(`${size}: the server's µs of CPU per request, lowest of ${blocks} blocks of ${requests}`);
  console.log(`headers the app adds: ${Object.keys(ownHeaders).join(", ")}`);
  console.log("| route | app | bare | app ÷ bare | bare+headers | app ÷ bare+headers |\n|---|---|---|---|---|---|");
  const names = Object.keys(sides);
  for (const name of picked) {
    const path = ROUTES[name];
    if (path === undefined) throw new Error(`unknown route ${name}: one of ${Object.keys(ROUTES).join(", ")}`);
    // Warm-up: each route's serialiser compiles at its first answer.
    for (const side of names) await cpuPerRequest(sides[side], path, headers);
    const lowest = Object.fromEntries(names.map((side) => [side, Number.POSITIVE_INFINITY]));
    for (let block = 0; block < blocks; block++) {
      // ABBA: every other block runs the sides in the reverse order.
      for (const side of block % 2 === 0 ? names : [...names].reverse()) {
        lowest[side] = Math.min(lowest[side], await cpuPerRequest(sides[side], path, headers));
      }
    }
    const µs = (side) => Math.round(lowest[side]);
    const ratio = (side) => (lowest[side] / lowest.app).toFixed(2);
    console.log(
      `| ${name} | ${µs("app")} | ${µs("bare")} | ${ratio("bare")} | ${µs("bare+headers")} | ${ratio("bare+headers")} |`,
    );
  }
} finally {
  agent.destroy();
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** The server's CPU µs per request over one block of requests, one after another. */
async function cpuPerRequest(server, path, headers) {
  const before = await server.cpu();
  for (let i = 0; i < requests; i++) {
    const { status } = await get(server.url + path, headers);
    if (status !== 200) throw new Error(`${server.url}${path} answered ${status}`);
  }
  const after = await server.cpu();
  return (after.user - before.user + after.system - before.system) / requests;
}

function get(url, headers) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent, headers }, (response) => {
      response.resume();
      response.once("end", () => resolve({ status: response.statusCode, headers: response.headers }));
    });
    request.once("error", reject);
    request.end();
  });
}

/** Spawns a server (the app's bundle, or the baseline) with the CPU probe, on a free port. */
async function start(args, env) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", probe, ...args, ...(args[0] === serverEntry ? [] : [String(port)])],
    {
      cwd: repo,
      env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    },
  );
  const server = {
    url: `http://127.0.0.1:${port}`,
    cpu: async () => {
      child.send("cpu");
      for (;;) {
        const [message] = await once(child, "message");
        if (message?.probe === "cpu") return message;
      }
    },
    stop: async () => {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
  servers.push(server);
  for (const deadline = Date.now() + 60_000; ; ) {
    try {
      if ((await get(`${server.url}/api/spankTotal`, {})).status === 401) return server;
    } catch {
      if (Date.now() > deadline) throw new Error(`${args[0]} did not answer within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
