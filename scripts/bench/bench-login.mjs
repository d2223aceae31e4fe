// `npm run bench:login`: the timings the login-flood spec no longer asserts (a wall clock in a
// test fails on a loaded machine). The built server on a temp demo database, behind "a proxy"
// (TRUST_PROXY=loopback) so the attacker and the partner are two addresses; three rounds of:
// a quiet partner sign-in, then 20 made-up names at once with the partner's sign-in and /signin
// 150 ms into the flood. Prints medians and the partner's sign-in as a ratio of the quiet one.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "../freePort.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const ROUNDS = 3;
const FLOOD = 20;
const ALEX = { username: "alex", password: "alex-demo-pass" };

const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), "spankbank-bench-login-"));
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(repo, "server/dist/server.bundle.js")], {
  stdio: "ignore",
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_PATH: join(dir, "bench.db"),
    SPANKBANK_CONFIG: join(dir, "none.json"),
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "loopback",
  },
});
const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]) / 1024;

async function timed(work) {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}
const login = (from, body) =>
  fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify(body),
  });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error("the server did not start");
    await sleep(100);
  }
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const partner = `198.51.100.${round + 1}`;
    const attacker = `203.0.113.${round + 1}`;
    const quiet = await timed(() => login(partner, ALEX));
    let peak = rssMiB();
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 20);
    const flood = Promise.all(
      Array.from({ length: FLOOD }, (_, i) => login(attacker, { username: `nobody-${round}-${i}`, password: "x" })),
    );
    await sleep(150);
    const [page, signIn] = await Promise.all([
      timed(() => fetch(`${url}/signin`).then((r) => r.text())),
      timed(() => login(partner, ALEX)),
      flood,
    ]);
    clearInterval(sampler);
    if (quiet.result.status !== 200 || signIn.result.status !== 200) throw new Error("the partner was refused");
    rounds.push({ quiet: quiet.ms, signIn: signIn.ms, page: page.ms, peak });
    // Let the strangers' line drain before the next round.
    await sleep(3000);
  }
  const pick = (key) => median(rounds.map((r) => r[key]));
  console.log("| measure (median of 3 rounds) | value |\n|---|---|");
  console.log(`| quiet partner sign-in | ${pick("quiet").toFixed(0)} ms |`);
  console.log(`| partner sign-in during a flood of ${FLOOD} | ${pick("signIn").toFixed(0)} ms |`);
  console.log(`| ratio to the quiet sign-in | ${median(rounds.map((r) => r.signIn / r.quiet)).toFixed(2)} |`);
  console.log(`| /signin during the flood | ${pick("page").toFixed(0)} ms |`);
  console.log(`| peak server RSS | ${pick("peak").toFixed(0)} MiB |`);
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
