// `npm run bench:web`: first the warm return (warmReturn.mjs: a phone that has visited before, on
// every page), then Lighthouse's performance (score, LCP, CLS, TBT) for every page, with its
// default mobile settings (a mid-range phone on slow 4G: 150 ms RTT, 1.6 Mbps, 4x CPU slowdown)
// and with its desktop settings, signed in where the page needs it; then the initial JavaScript
// and CSS of / and /signin (raw, gzip, brotli) and the audits below 1. Runs against the built app
// in demo mode on a temp database, through Caddy over https as docs/deploy.md sets it up (HTTP/2:
// caddyFront.mjs), in Debian's Chromium. Lighthouse resets storage before each run, so these are
// first visits: no service worker, no HTTP cache.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM, CHROMIUM_FLAGS } from "../chromium.mjs";
import { freePort } from "../freePort.mjs";
import { caddyFront, requireCaddy, TRUST_BENCH_CERTIFICATE } from "./caddyFront.mjs";
import { warmReturn, warmReturnTable } from "./warmReturn.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const webDist = join(repo, "web/dist");
const lighthouseVersion = JSON.parse(readFileSync(join(repo, "node_modules/lighthouse/package.json"), "utf8")).version;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/**
 * Lighthouse simulates the phone from this machine's own task times, so a run made while this VM's
 * CPU was starved by its host reads as a slow page: its benchmarkIndex (a CPU speed Lighthouse
 * measures in each run) fell from ~1,600 to 700-900 in such runs, and mobile TBT doubled on every
 * page. A run below this share of the fastest index so far (the warm-up's, at first) is run again.
 */
const SLOW_MACHINE = 0.8;
/** Every page of SPEC.md; the signed-in ones get the session cookie. */
const PAGES = [
  { path: "/", firstLoad: true },
  { path: "/signin", firstLoad: true },
  { path: "/dashboard", signedIn: true },
  { path: "/memories", signedIn: true },
  { path: "/spank-bank", signedIn: true },
  { path: "/allquestions", signedIn: true },
  { path: "/inventory", signedIn: true },
  { path: "/floggers4change", signedIn: true },
  { path: "/christmas-letter", signedIn: true },
  { path: "/trapped-game", signedIn: true },
  { path: "/protected", signedIn: true },
];
/** Lighthouse's default config is its mobile one. */
const FORM_FACTORS = [
  { name: "mobile", config: undefined },
  { name: "desktop", config: desktopConfig },
];
const ONLY = process.env.BENCH_PAGES?.split(",");
/** `BENCH_SAVE=<dir>`: keep each run's Lighthouse JSON there (its trace audits, bootup-time, ...). */
const SAVE = process.env.BENCH_SAVE;
const FORM_FACTOR_ONLY = process.env.BENCH_FORM_FACTOR;
/** `BENCH_PART=warm` or `cold`: only the warm return or only Lighthouse's first loads. */
const PART = process.env.BENCH_PART;

requireCaddy();
const dir = mkdtempSync(join(tmpdir(), "spankbank-bench-web-"));
const port = await freePort();
/** The app's own listener, which only Caddy and this script's sign-in reach. */
const appUrl = `http://127.0.0.1:${port}`;
const front = await caddyFront(dir);
/** What the phone opens: Caddy's https origin. */
const url = front.origin;
const server = spawn(process.execPath, [join(repo, "server/dist/server.bundle.js")], {
  cwd: repo,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_PATH: join(dir, "web.db"),
    // The demo couple and its seeded history, whatever config sits in the repo.
    SPANKBANK_CONFIG: join(dir, "no-couple.config.json"),
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DISCORD_TOKEN: "",
    // Behind Caddy, as deployed: Secure cookies, the client's address from Caddy, https's Origin.
    HTTPS: "true",
    TRUST_PROXY: "loopback",
    PUBLIC_URL: front.origin,
  },
});
const sessionCookie = (pair) => {
  const [name, value] = pair.split("=");
  return { name, value, domain: "127.0.0.1", path: "/", httpOnly: true, secure: true };
};
let chrome;
let caddy;
/** Lighthouse's benchmarkIndex: the fastest so far (the warm-up's, at first), each kept run's, and the reruns. */
const machineSpeed = { expected: 0, kept: [], reruns: 0 };
try {
  await waitFor200(`${appUrl}/api/health`);
  caddy = await front.start(port);
  const cookie = await signIn(appUrl, { username: "alex", password: "alex-demo-pass" });
  const pages = PAGES.filter((page) => !ONLY || ONLY.includes(page.path));
  if (PART !== "cold") {
    const warm = await warmReturn({
      url,
      pages: pages.map((page) => ({ path: page.path, signedIn: page.signedIn === true })),
      sessionCookie: cookie,
      chromiumPath: CHROMIUM,
      chromiumFlags: [TRUST_BENCH_CERTIFICATE],
    });
    console.log(
      `\nWarm return (service worker installed, cache kept by a previous visit; 390x844, touch, 4x CPU, 150 ms RTT), medians of 5, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}:`,
    );
    console.log(warmReturnTable(warm));
  }
  if (PART !== "warm") {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless=new", TRUST_BENCH_CERTIFICATE, ...CHROMIUM_FLAGS],
    });
    // Warms the server and Chromium (the first run read slower on every page) and measures the machine.
    await audit(`${url}/signin`, [], FORM_FACTORS[0].config);

    const rows = [];
    const firstLoads = [];
    for (const page of pages) {
      for (const formFactor of FORM_FACTORS.filter((f) => !FORM_FACTOR_ONLY || f.name === FORM_FACTOR_ONLY)) {
        // Signed in, the partner's session in the browser's cookie jar.
        const cookies = page.signedIn ? [sessionCookie(cookie)] : [];
        const lhr = await audit(url + page.path, cookies, formFactor.config);
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== page.path)
          throw new Error(`${page.path} ended on ${finalPath}: is the session cookie passed?`);
        const row = {
          page: page.path,
          formFactor: formFactor.name,
          ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
          lcp: lhr.audits["largest-contentful-paint"].numericValue,
          cls: lhr.audits["cumulative-layout-shift"].numericValue,
          tbt: lhr.audits["total-blocking-time"].numericValue,
          problems: failedAudits(lhr),
        };
        rows.push(row);
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          const name = `${page.path === "/" ? "landing" : page.path.slice(1)}-${formFactor.name}.json`;
          writeFileSync(join(SAVE, name), JSON.stringify(lhr));
        }
        console.log(`${row.page} ${row.formFactor}: performance ${row.performance}, LCP ${seconds(row.lcp)}`);
        if (page.firstLoad && formFactor.name === "mobile")
          firstLoads.push({ page: page.path, ...firstLoadOf(lhr, url) });
      }
    }

    console.log(
      `\nLoad average when done: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    console.log(
      `Lighthouse's benchmarkIndex (this machine's speed): ${Math.round(Math.min(...machineSpeed.kept))}-${Math.round(Math.max(...machineSpeed.kept))} in the runs kept, fastest ${Math.round(machineSpeed.expected)}; ${machineSpeed.reruns} run(s) made on a starved machine were run again`,
    );
    console.log(`Lighthouse ${lighthouseVersion}, performance, mobile (slow 4G, 4x CPU) | desktop:`);
    console.log("| page | mobile perf | LCP | CLS | TBT | desktop perf | LCP | CLS | TBT |");
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const page of pages) {
      const [mobile, desktop] = FORM_FACTORS.map((f) =>
        rows.find((r) => r.page === page.path && r.formFactor === f.name),
      );
      const cells = (r) =>
        r ? `${r.performance} | ${seconds(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms` : "- | - | - | -";
      console.log(`| ${page.path} | ${cells(mobile)} | ${cells(desktop)} |`);
    }
    console.log("\nThe other categories, mobile | desktop:");
    const others = CATEGORIES.filter((c) => c !== "performance");
    console.log(`| page | ${others.join(" | ")} | ${others.join(" | ")} |`);
    console.log(`|---|${[...others, ...others].map(() => "---").join("|")}|`);
    for (const page of pages) {
      const [mobile, desktop] = FORM_FACTORS.map((f) =>
        rows.find((r) => r.page === page.path && r.formFactor === f.name),
      );
      console.log(
        `| ${page.path} | ${others.map((c) => mobile?.[c] ?? "-").join(" | ")} | ${others.map((c) => desktop?.[c] ?? "-").join(" | ")} |`,
      );
    }

    console.log("\nInitial load (every script and stylesheet the page fetched), KB:");
    console.log("| page | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli |");
    console.log("|---|---|---|---|---|---|---|");
    for (const f of firstLoads) {
      console.log(
        `| ${f.page} | ${kb(f.js.raw)} | ${kb(f.js.gzip)} | ${kb(f.js.brotli)} | ${kb(f.css.raw)} | ${kb(f.css.gzip)} | ${kb(f.css.brotli)} |`,
      );
    }
    for (const r of rows) {
      if (r.problems.length > 0) console.log(`\n${r.page} ${r.formFactor}, audits below 1: ${r.problems.join("; ")}`);
    }
  }
} finally {
  await chrome?.kill();
  await caddy?.stop();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dir, { recursive: true, force: true });
}

/**
 * One Lighthouse run; a run whose trace Chrome failed to record (NO_NAVSTART, now and then on
 * this loaded machine), or made while the machine was starved (SLOW_MACHINE), is run again, up to
 * three times in all.
 */
async function audit(target, cookies, config) {
  for (let attempt = 1; ; attempt++) {
    await setCookies(cookies);
    const { lhr } = await lighthouse(
      target,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
      config,
    );
    if (lhr.runtimeError) {
      if (attempt === 3) throw new Error(`${target}: ${lhr.runtimeError.message}`);
      console.log(`${target}: ${lhr.runtimeError.code}, running it again`);
      continue;
    }
    const speed = lhr.environment.benchmarkIndex;
    if (speed >= SLOW_MACHINE * machineSpeed.expected || attempt === 3) {
      if (machineSpeed.expected > 0) machineSpeed.kept.push(speed);
      machineSpeed.expected = Math.max(machineSpeed.expected, speed);
      return lhr;
    }
    machineSpeed.reruns++;
    console.log(
      `${target}: the machine ran slow (benchmarkIndex ${speed} of ${machineSpeed.expected}), running it again`,
    );
  }
}

/**
 * Empties Chromium's cookie jar and puts `cookies` in it: each run starts as that phone would, and
 * what a page wrote to the jar in an earlier run never carries over.
 */
async function setCookies(cookies) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  const calls = [{ method: "Storage.clearCookies" }, { method: "Storage.setCookies", params: { cookies } }];
  await new Promise((resolve, reject) => {
    socket.onopen = () => {
      for (const [index, call] of calls.entries()) socket.send(JSON.stringify({ id: index + 1, ...call }));
    };
    socket.onmessage = (event) => {
      const { id, error } = JSON.parse(event.data);
      if (error) reject(new Error(`${calls[id - 1].method}: ${error.message}`));
      else if (id === calls.length) resolve();
    };
    socket.onerror = reject;
  });
  socket.close();
}

/** The scripts and stylesheets of our own origin the page fetched during its load, sized from web/dist. */
function firstLoadOf(lhr, origin) {
  const items = lhr.audits["network-requests"].details.items;
  const totals = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 } };
  for (const item of items) {
    if (!item.url.startsWith(origin)) continue;
    const kind = item.resourceType === "Script" ? "js" : item.resourceType === "Stylesheet" ? "css" : undefined;
    if (!kind) continue;
    const file = join(webDist, new URL(item.url).pathname);
    const content = readFileSync(file);
    totals[kind].raw += content.length;
    totals[kind].gzip += compressedSize(file, ".gz", () => gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
    totals[kind].brotli += compressedSize(file, ".br", () => brotliCompressSync(content));
  }
  return totals;
}

/** The build's own compressed copy when it wrote one (files over 1 KB), else compressed here. */
function compressedSize(file, extension, compress) {
  return existsSync(file + extension) ? readFileSync(file + extension).length : compress().length;
}

function failedAudits(lhr) {
  return Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
      .filter((audit) => audit.scoreDisplayMode !== "manual" && audit.scoreDisplayMode !== "notApplicable")
      .map((audit) => `${audit.id} ${audit.displayValue ?? audit.score}${issuesOf(audit)}`),
  );
}

/** What Chrome's inspector complained of (the audit's score alone does not say). */
function issuesOf(audit) {
  if (audit.id !== "inspector-issues") return "";
  const items = audit.details?.items ?? [];
  return ` (${items.map((item) => `${item.issueType}: ${JSON.stringify(item.subItems?.items?.[0] ?? {})}`).join("; ")})`;
}

async function waitFor200(target) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(target)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${target} did not answer within 60 s`);
}

async function signIn(origin, login) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(login),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0].split(";")[0];
}

function seconds(milliseconds) {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}
