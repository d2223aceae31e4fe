import { expect, test } from "@playwright/test";
import { ALEX } from "./app";
import { type ServerProcess, startServer, timed } from "./serverProcess";

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

test("20 parallel wrong logins with made-up names keep memory under 300 MB and the partner served", async () => {
  // Production scrypt cost (128 MiB, about 0.65 s each on a quiet core): budget several of them.
  test.setTimeout(90_000);
  // One sign-in on a quiet server: the cost of a single hash on this machine, right now.
  const quiet = await timed(() => login(server, PARTNER, ALEX));
  expect(quiet.result.status).toBe(200);

  let peakMiB = server.rssMiB();
  const sampler = setInterval(() => {
    peakMiB = Math.max(peakMiB, server.rssMiB());
  }, 20);
  const flood = Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      login(server, ATTACKER, { username: `nobody-${i}`, password: `guess-${i}` }).then((reply) => reply.status),
    ),
  );
  // Let the flood reach the hashing before the partner arrives.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [page, signIn, statuses] = await Promise.all([
    timed(() => fetch(`${server.url}/signin`).then((reply) => reply.text())),
    timed(() => login(server, PARTNER, ALEX)),
    flood,
  ]);
  clearInterval(sampler);
  peakMiB = Math.max(peakMiB, server.rssMiB());

  console.log(
    `login flood: peak RSS ${peakMiB.toFixed(0)} MiB; /signin ${page.ms.toFixed(0)} ms; partner sign-in ${signIn.ms.toFixed(0)} ms (quiet: ${quiet.ms.toFixed(0)} ms); flood answers ${statuses.join(",")}`,
  );
  expect(statuses.every((status) => status === 401 || status === 429 || status === 503)).toBe(true);
  expect(peakMiB).toBeLessThan(300);
  expect(page.result).toContain('<div id="root">');
  expect(page.ms).toBeLessThan(1000);
  expect(signIn.result.status).toBe(200);
  // The made-up names never reach the hashing (their turns only last as long as a hash), so the
  // partner's sign-in costs its own hash, as on a quiet server: under 1 s here (about 0.5 s). The
  // bound scales with the quiet sign-in measured just before, as a busy machine slows every hash;
  // waiting behind even one stranger's hash took 1.5-1.8 times the quiet sign-in.
  expect(signIn.ms).toBeLessThan(1.4 * quiet.ms);
});
