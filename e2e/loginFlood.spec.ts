import { expect } from "@playwright/test";
import { scryptEraDemoCouple } from "@spankbank/shared/demoCouple";
import { ALEX } from "./app";
import { type ServerProcess, startServer } from "./serverProcess";
import { test } from "./test";

// Behind a proxy on this machine (TRUST_PROXY=loopback) each request names its address, so the
// attackers and the partner are separate clients as they would be on the internet.
const GUESSER = "203.0.113.66";
const INVENTOR = "203.0.113.77";
const PARTNER = "198.51.100.7";

function login(server: ServerProcess, from: string, body: { username: string; password: string }) {
  return fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify(body),
  });
}

let server: ServerProcess;
test.beforeAll(async () => {
  // The slowest check still accepted (scrypt hashes from before argon2id): where a flood would cost most.
  server = await startServer({ TRUST_PROXY: "loopback" }, scryptEraDemoCouple);
  // The partner signs in once, so this address is one a partner signed in from lately.
  expect((await login(server, PARTNER, ALEX)).status).toBe(200);
});
test.afterAll(async () => {
  await server.stop();
});

// What the server guarantees is who goes first and who is refused, not how fast (timings: `npm run
// bench:login`). scrypt at its production cost (128 MiB, about 0.65 s each on a quiet core): budget several.

test("20 wrong passwords for a partner's name at once: three checked, the rest 503 + Retry-After, the partner served before the strangers waiting", async () => {
  test.setTimeout(90_000);
  const arrivals: string[] = [];
  const flood = Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      login(server, GUESSER, { username: "alex", password: `guess-${i}` }).then((reply) => {
        arrivals.push(`stranger ${reply.status}`);
        return { status: reply.status, retryAfter: reply.headers.get("retry-after") };
      }),
    ),
  );
  // Let the flood fill alex's strangers' line before the partner arrives.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [signIn, answers] = await Promise.all([
    login(server, PARTNER, ALEX).then((reply) => {
      arrivals.push(`partner ${reply.status}`);
      return reply;
    }),
    flood,
  ]);
  console.log(`guesses at alex: answers in order: ${arrivals.join(", ")}`);

  expect(signIn.status).toBe(200);
  // The strangers' line for a name holds one running and two waiting: the other 17 are refused at
  // once, each told when to come back.
  const refused = answers.filter((answer) => answer.status === 503);
  const checked = answers.filter((answer) => answer.status === 401);
  expect(refused.length + checked.length).toBe(20);
  expect(checked.length).toBeLessThanOrEqual(3);
  for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  // The hashing runs one at a time, a partner's address first: the partner arrived after the
  // line filled and is answered before the strangers still waiting in it.
  expect(arrivals.indexOf("partner 200")).toBeLessThan(arrivals.lastIndexOf("stranger 401"));
});

test("20 made-up names at once are answered as wrong passwords without hashing: memory stays under 300 MB and the partner signs in", async () => {
  test.setTimeout(90_000);
  let peakMiB = server.rssMiB();
  const sampler = setInterval(() => {
    peakMiB = Math.max(peakMiB, server.rssMiB());
  }, 20);
  const flood = Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      login(server, INVENTOR, { username: `nobody-${i}`, password: `guess-${i}` }).then((reply) => reply.status),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [page, signIn, statuses] = await Promise.all([
    fetch(`${server.url}/signin`).then((reply) => reply.text()),
    login(server, PARTNER, ALEX),
    flood,
  ]);
  clearInterval(sampler);
  peakMiB = Math.max(peakMiB, server.rssMiB());
  console.log(`made-up names: peak RSS ${peakMiB.toFixed(0)} MiB; answers ${statuses.join(",")}`);

  expect(signIn.status).toBe(200);
  expect(page).toContain('<div id="root">');
  // The same answer as a wrong password for a real name: nothing tells a stranger which names exist.
  expect(statuses.every((status) => status === 401)).toBe(true);
  // One scrypt (128 MiB) at a time at most, whoever asks.
  expect(peakMiB).toBeLessThan(300);
});
