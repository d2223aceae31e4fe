import { expect, test } from "@playwright/test";
import { ALEX } from "./app";
import { type ServerProcess, startServer } from "./serverProcess";

// Behind a proxy on this machine (TRUST_PROXY=loopback) each request names its address, so the
// attacker and the partner are two clients as they would be on the internet.
const ATTACKER = "203.0.113.66";
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
  server = await startServer({ TRUST_PROXY: "loopback" });
});
test.afterAll(async () => {
  await server.stop();
});

test("20 parallel wrong logins with made-up names: strangers refused with 503 + Retry-After, the partner served first, memory under 300 MB", async () => {
  // Production scrypt cost (128 MiB, about 0.65 s each on a quiet core): budget several of them.
  test.setTimeout(90_000);
  // The partner signs in once, so this address is one a partner signed in from lately.
  expect((await login(server, PARTNER, ALEX)).status).toBe(200);

  let peakMiB = server.rssMiB();
  const sampler = setInterval(() => {
    peakMiB = Math.max(peakMiB, server.rssMiB());
  }, 20);
  // Answers in the order they arrive: what the server guarantees is who goes first, not how fast.
  const arrivals: string[] = [];
  const flood = Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      login(server, ATTACKER, { username: `nobody-${i}`, password: `guess-${i}` }).then((reply) => {
        arrivals.push(`stranger ${reply.status}`);
        return { status: reply.status, retryAfter: reply.headers.get("retry-after") };
      }),
    ),
  );
  // Let the flood fill the strangers' line before the partner arrives.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [page, signIn, answers] = await Promise.all([
    fetch(`${server.url}/signin`).then((reply) => reply.text()),
    login(server, PARTNER, ALEX).then((reply) => {
      arrivals.push(`partner ${reply.status}`);
      return reply;
    }),
    flood,
  ]);
  clearInterval(sampler);
  peakMiB = Math.max(peakMiB, server.rssMiB());
  console.log(`login flood: peak RSS ${peakMiB.toFixed(0)} MiB; answers in order: ${arrivals.join(", ")}`);

  expect(signIn.status).toBe(200);
  expect(page).toContain('<div id="root">');
  expect(peakMiB).toBeLessThan(300);
  // The strangers' line holds one running and two waiting: the other 17 are refused at once,
  // each told when to come back.
  const refused = answers.filter((answer) => answer.status === 503);
  const checked = answers.filter((answer) => answer.status === 401);
  expect(refused.length + checked.length).toBe(20);
  expect(checked.length).toBeLessThanOrEqual(3);
  expect(refused.length).toBeGreaterThanOrEqual(17);
  for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  // The partner, arriving after the line filled, is answered before the strangers waiting in it.
  const partnerAt = arrivals.indexOf("partner 200");
  const lastStrangerChecked = arrivals.lastIndexOf("stranger 401");
  expect(partnerAt).toBeLessThan(lastStrangerChecked);
});
