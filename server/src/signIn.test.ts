import { gzipSync } from "node:zlib";
import { purgeOldLoginRecords } from "@spankbank/db/loginThrottle";
import { hashPassword } from "@spankbank/db/password";
import type { CoupleConfig } from "@spankbank/shared/config";
import { demoCouple, scryptEraDemoCouple } from "@spankbank/shared/demoCouple";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appOrigins } from "./origins.js";
import { HOUSEKEEPING_INTERVAL_MS } from "./routes/signIn.js";
import { buildTestApp, type TestApp, testCouple } from "./test/app.js";
import { botWritesOnceCounted } from "./test/botLock.js";
import { sessionCookie } from "./test/session.js";

const cheapCost = { log2N: 10, r: 8, p: 1 };

const alex = { username: "alex", password: "alex-demo-pass" };

describe("sign-in", () => {
  // The only checks at production cost; every other test uses testCouple.
  it("signs in against the demo couple's production-cost hash (argon2id)", async () => {
    const { app } = await buildTestApp({ config: demoCouple });
    const right = await app.inject({ method: "POST", url: "/api/auth/login", payload: alex });
    expect(right.statusCode).toBe(200);
    const wrong = await app.inject({ method: "POST", url: "/api/auth/login", payload: { ...alex, password: "x" } });
    expect(wrong.statusCode).toBe(401);
  });

  // scrypt N=2^17 (128 MiB): about 0.65 s on a quiet core, several seconds when the machine is busy.
  it("signs in against a hash an earlier version wrote (scrypt)", { timeout: 30_000 }, async () => {
    const { app } = await buildTestApp({ config: scryptEraDemoCouple });
    const right = await app.inject({ method: "POST", url: "/api/auth/login", payload: alex });
    expect(right.statusCode).toBe(200);
  });

  it("sets an HttpOnly, SameSite=Lax, 30-day session cookie on Path=/, and answers the user", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({ method: "POST", url: "/api/auth/login", payload: alex });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user).toMatchObject({ username: "alex", displayName: "Alex", responseName: "alex_d" });
    const cookie = reply.cookies.find((c) => c.name === "spankbank_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 30 * 24 * 60 * 60 });
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, "base64url").length).toBeGreaterThanOrEqual(16);
  });

  it("marks the cookie Secure when served over https", async () => {
    const { app } = await buildTestApp({ https: true });
    const reply = await app.inject({ method: "POST", url: "/api/auth/login", payload: alex });
    expect(reply.cookies.find((c) => c.name === "spankbank_session")?.secure).toBe(true);
    expect(reply.headers["strict-transport-security"]).toMatch(/max-age=/);
  });

  it("stores only a hash of the token, and gives a new token at every login", async () => {
    const { app, db } = await buildTestApp();
    const first = (await app.inject({ method: "POST", url: "/api/auth/login", payload: alex })).cookies[0]!.value;
    const second = (await app.inject({ method: "POST", url: "/api/auth/login", payload: alex })).cookies[0]!.value;
    expect(second).not.toBe(first);
    const stored = db.$client.prepare("SELECT token_hash FROM sessions").all() as { token_hash: string }[];
    expect(stored.length).toBe(2);
    expect(stored.map((s) => s.token_hash)).not.toContain(first);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it("answers the session to its owner and 200 null to nobody", async () => {
    const { app, signIn } = await buildTestApp();
    const signedOut = await app.inject({ method: "GET", url: "/api/auth/session" });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toBeNull();
    const reply = await app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: await signIn("sam") },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      user: { username: "sam", discordId: "222222222222222222" },
      couple: {
        charityName: "Floggers4Change",
        demo: true,
        partners: [
          { username: "alex", sleep: { from: "23:30", to: "07:00" }, work: { from: "10:00", to: "18:30" } },
          {
            username: "sam",
            sleep: { from: "23:00", to: "06:30" },
            work: { days: ["mon", "tue", "wed", "thu", "fri"] },
          },
        ],
      },
    });
    expect(JSON.stringify(reply.json().couple)).not.toMatch(/scrypt|argon2|passwordHash|discordId/);
  });

  it("logout deletes the session on the server: the old cookie is worthless", async () => {
    const { app, signIn } = await buildTestApp();
    const cookie = await signIn("alex");
    const out = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie, "content-type": "application/json" },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "spankbank_session")?.value).toBe("");
    const after = await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(after.json()).toBeNull();
  });

  it("logout takes a bare POST: no body and no content type, 204", async () => {
    const { app, signIn } = await buildTestApp();
    const cookie = await signIn("alex");
    const out = await app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    // Signed out: the session answer is 200 null (DESIGN.md section 5).
    expect((await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json()).toBeNull();
  });

  it("logout with a stale or missing cookie answers 204 and clears the cookie", async () => {
    const { app } = await buildTestApp();
    for (const headers of [{ cookie: "spankbank_session=long-gone" }, {}]) {
      const out = await app.inject({ method: "POST", url: "/api/auth/logout", headers });
      expect(out.statusCode).toBe(204);
      const cleared = out.cookies.find((c) => c.name === "spankbank_session");
      expect(cleared?.value).toBe("");
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("logout clears the cookie on a full or read-only disk, saying the session could not be ended", async () => {
    for (const disk of ["full", "read-only"] as const) {
      const test = await buildTestApp();
      const cookie = sessionCookie(test, "alex");
      refuseWrites(test, disk);
      const out = await test.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
      // A success to the web (signed out on this device), whose message says what is left on the server.
      expect(out.statusCode, disk).toBe(200);
      expect(out.json().message).toMatch(
        /signed out on this device.*ends at its expiry or at the next sign-out everywhere/i,
      );
      expect(out.cookies.find((c) => c.name === "spankbank_session")?.value).toBe("");
      expect(test.db.$client.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 1 });
    }
  });

  it("logout still refuses another site's Origin, and a bare POST carrying a body", async () => {
    const { app, signIn } = await buildTestApp();
    const cookie = await signIn("alex");
    const crossSite = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie, origin: "https://evil.example", host: "127.0.0.1:3000" },
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "a=1",
    });
    expect(form.statusCode).toBe(415);
    expect((await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).statusCode).toBe(200);
  });

  it("refuses an expired session", async () => {
    let now = new Date("2026-11-21T12:00:00Z");
    const { app } = await buildTestApp({ now: () => now });
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: alex });
    const cookie = `spankbank_session=${login.cookies[0]!.value}`;
    now = new Date("2026-12-21T11:59:00Z");
    expect((await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).statusCode).toBe(200);
    now = new Date("2026-12-21T12:00:01Z");
    expect((await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json()).toBeNull();
  });

  it("gives the same answer for an unknown user and a wrong password", async () => {
    const { app } = await buildTestApp();
    const unknown = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "mallory", password: "x" },
    });
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "alex", password: "x" },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe("Invalid username or password");
  });

  it("allows 5 failed logins per name from one address in 15 minutes, then 429 with Retry-After", async () => {
    let now = new Date("2026-11-21T12:00:00Z");
    const { app } = await buildTestApp({ now: () => now });
    const attempt = (username: string, password: string, remoteAddress = "10.0.0.1") =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await attempt("alex", "wrong")).statusCode).toBe(401);
    const limited = await attempt("alex", "alex-demo-pass");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    // Another client is not locked out by someone else's guessing.
    expect((await attempt("alex", "alex-demo-pass", "10.0.0.2")).statusCode).toBe(200);
    now = new Date("2026-11-21T12:15:01Z");
    expect((await attempt("alex", "alex-demo-pass")).statusCode).toBe(200);
  });

  it("one partner's five typos leave the other signing in from the same address, and say how many tries are left", async () => {
    const { app } = await buildTestApp();
    const attempt = (username: string, password: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password },
        remoteAddress: "10.0.0.1",
      });
    const triesLeft = [];
    for (let i = 0; i < 5; i++) {
      const typo = await attempt("alex", "alex-demo-pas");
      expect(typo.json()).toMatchObject({ statusCode: 401, message: "Invalid username or password" });
      triesLeft.push(typo.json().triesLeft);
    }
    expect(triesLeft).toEqual([4, 3, 2, 1, 0]);
    expect((await attempt("alex", "alex-demo-pass")).statusCode).toBe(429);
    expect((await attempt("sam", "sam-demo-pass")).statusCode).toBe(200);
  });

  it("allows 20 failures per address whatever the names (made-up ones too), then 429", async () => {
    const { app } = await buildTestApp();
    const attempt = (username: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password: "x" },
        remoteAddress: "10.0.0.1",
      });
    for (let i = 0; i < 20; i++) expect((await attempt(`made-up-${i}`)).statusCode).toBe(401);
    expect((await attempt("made-up-20")).statusCode).toBe(429);
  });

  it("counts an IPv6 /64 as one address: guesses spread over it lock out neither partner elsewhere", async () => {
    const { app } = await buildTestApp();
    const attempt = (password: string, remoteAddress: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "alex", password }, remoteAddress });
    const statuses = [];
    for (let i = 1; i <= 30; i++) statuses.push((await attempt("wrong", `2001:db8:1:2::${i.toString(16)}`)).statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    // Alex, from a new address, is not held by the account's limit: only 5 guesses reached it.
    expect((await attempt("alex-demo-pass", "2001:db8:9:9::1")).statusCode).toBe(200);
  });

  it("a partner on a new address, on a browser they signed in on before, gets in while guesses from many addresses hold the account", async () => {
    const { app } = await buildTestApp();
    const attempt = alexSignsIn(app);
    const first = await attempt("alex-demo-pass", "10.0.0.1");
    const device = first.cookies.find((c) => c.name === "spankbank_device")!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth" });
    for (let i = 0; i < 20; i++) expect((await attempt("wrong", `2001:db8:${i}::1`)).statusCode).toBe(401);
    // A stranger's new address is held by the account's limit, even with the right password...
    expect((await attempt("alex-demo-pass", "198.51.100.7")).statusCode).toBe(429);
    // ...so is one inventing a device cookie...
    expect((await attempt("alex-demo-pass", "198.51.100.7", "spankbank_device=made-up")).statusCode).toBe(429);
    // ...while alex's own browser, on that same new address, is checked and gets in.
    expect((await attempt("alex-demo-pass", "198.51.100.7", `spankbank_device=${device.value}`)).statusCode).toBe(200);
  });

  it("a partner whose session ran out signs in again on the same browser while guesses from many addresses hold the account", async () => {
    const signedInAt = new Date("2026-11-21T12:00:00Z");
    let now = signedInAt;
    const { app } = await buildTestApp({ now: () => now });
    const attempt = alexSignsIn(app);
    const first = await attempt("alex-demo-pass", "10.0.0.1");
    const session = first.cookies.find((c) => c.name === "spankbank_session")!;
    const device = first.cookies.find((c) => c.name === "spankbank_device")!;
    // The next morning after the 30 days: the session has run out, as it does for every partner each month.
    now = new Date(signedInAt.getTime() + 31 * 24 * 60 * 60 * 1000);
    const asked = await app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `spankbank_session=${session.value}` },
    });
    expect(asked.json()).toBeNull();
    for (let i = 0; i < 20; i++) expect((await attempt("wrong", `2001:db8:${i}::1`)).statusCode).toBe(401);
    // The browser sends the device cookie for as long as its Max-Age says.
    const kept = now.getTime() < signedInAt.getTime() + device.maxAge! * 1000;
    const cookie = kept ? `spankbank_device=${device.value}` : undefined;
    expect((await attempt("alex-demo-pass", "198.51.100.7", cookie)).statusCode).toBe(200);
  });

  it("does not hold an address for a day after failures recorded while the clock ran a day ahead", async () => {
    let now = new Date("2026-11-22T12:00:00Z");
    const { app, db } = await buildTestApp({ now: () => now });
    const attempt = (password: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "alex", password } });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong")).statusCode).toBe(401);
    expect((await attempt("alex-demo-pass")).statusCode).toBe(429);
    // The clock is corrected: a day back.
    now = new Date("2026-11-21T12:01:00Z");
    expect((await attempt("wrong")).json().triesLeft).toBe(4);
    purgeOldLoginRecords(db, now);
    // The failures from "tomorrow" are gone, so they cannot count again when tomorrow comes.
    expect(db.$client.prepare("SELECT failed_at FROM login_failures").all()).toEqual([
      { failed_at: "2026-11-21T12:01:00.000Z" },
    ]);
    expect((await attempt("alex-demo-pass")).statusCode).toBe(200);
  });

  it("limits guesses at one account from many addresses, but not the partner's own address", async () => {
    const { app } = await buildTestApp();
    const attempt = (password: string, remoteAddress: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "alex", password }, remoteAddress });
    expect((await attempt("alex-demo-pass", "10.0.0.1")).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) expect((await attempt("wrong", `192.0.2.${i}`)).statusCode).toBe(401);
    // A 21st address is refused without a check, even with the right password...
    const stranger = await attempt("alex-demo-pass", "192.0.2.200");
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(0);
    // ...while alex, from the address she signed in from before, still gets in.
    expect((await attempt("alex-demo-pass", "10.0.0.1")).statusCode).toBe(200);
  });

  it("a successful sign-in clears the address's failure count", async () => {
    const { app } = await buildTestApp();
    const attempt = (password: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "alex", password } });
    for (let i = 0; i < 4; i++) expect((await attempt("wrong")).statusCode).toBe(401);
    // Each attempt counts before its check: uncleared, this success would be the fifth failure.
    expect((await attempt("alex-demo-pass")).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt("wrong")).statusCode).toBe(401);
    expect((await attempt("alex-demo-pass")).statusCode).toBe(200);
  });

  it("the right password after four typos signs in while the bot holds the write lock at its session's write", async () => {
    const { app, db } = await buildTestApp();
    const attempt = (password: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "alex", password } });
    for (let i = 0; i < 4; i++) expect((await attempt("wrong")).statusCode).toBe(401);
    // Its run again (retryWhenBusy) neither counts the try a second time nor is held by its own count.
    botWritesOnceCounted(db, 5);
    const right = await attempt("alex-demo-pass");
    expect(right.statusCode, right.body).toBe(200);
    expect(db.$client.prepare("SELECT count(*) AS n FROM login_failures").get()).toEqual({ n: 0 });
  });

  it("a sign-in with an old session cookie replaces that session", async () => {
    const { app, db } = await buildTestApp();
    const first = await app.inject({ method: "POST", url: "/api/auth/login", payload: alex });
    const oldCookie = `spankbank_session=${first.cookies[0]!.value}`;
    const second = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: oldCookie },
      payload: alex,
    });
    expect(second.statusCode).toBe(200);
    // Signed out: the session answer is 200 null (DESIGN.md section 5).
    expect((await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: oldCookie } })).json()).toBe(
      null,
    );
    expect(db.$client.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 1 });
  });

  it("answers bad input with 400 naming the field", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "alex" } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/body\.password/);
  });
});

describe("sessions and the password they were made with", () => {
  it("a changed password in the config ends the partner's old sessions, not the other's", async () => {
    const first = await buildTestApp();
    const alexCookie = sessionCookie(first, "alex");
    const samCookie = sessionCookie(first, "sam");
    const [alexPartner, samPartner] = testCouple.partners;
    const changed = {
      ...testCouple,
      partners: [{ ...alexPartner, passwordHash: await hashPassword("new-pass", cheapCost) }, samPartner],
    } satisfies CoupleConfig;
    // A restart with the new hash: same database, new config.
    const { app } = await buildTestApp({ db: first.db, config: changed });
    // Whose session it still is: null when it has ended.
    const session = async (cookie: string) =>
      (await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json()?.user.username ??
      null;
    expect(await session(alexCookie)).toBeNull();
    expect(await session(samCookie)).toBe("sam");
    const again = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "alex", password: "new-pass" },
    });
    expect(await session(`spankbank_session=${again.cookies[0]!.value}`)).toBe("alex");
  });

  it("'sign out everywhere' ends every session of the partner and only theirs", async () => {
    const test = await buildTestApp();
    const phone = sessionCookie(test, "alex");
    const laptop = sessionCookie(test, "alex");
    const sam = sessionCookie(test, "sam");
    const out = await test.app.inject({
      method: "POST",
      url: "/api/auth/logout-everywhere",
      headers: { cookie: phone },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "spankbank_session")?.value).toBe("");
    const session = (cookie: string) =>
      test.app
        .inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })
        .then((r) => r.json()?.user.username ?? null);
    expect([await session(phone), await session(laptop), await session(sam)]).toEqual([null, null, "sam"]);
  });

  it("'sign out everywhere' needs a session and this app's Origin", async () => {
    const test = await buildTestApp();
    const cookie = sessionCookie(test, "alex");
    const signedOut = await test.app.inject({ method: "POST", url: "/api/auth/logout-everywhere" });
    expect(signedOut.statusCode).toBe(401);
    const crossSite = await test.app.inject({
      method: "POST",
      url: "/api/auth/logout-everywhere",
      headers: { cookie, origin: "https://evil.example", host: "127.0.0.1:3000" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(test.db.$client.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 1 });
  });
});

describe("CSRF and content type", () => {
  it("refuses a mutation whose Origin is not the app's own", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "https://evil.example", host: "127.0.0.1:3000" },
      payload: alex,
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toMatch(/Origin/);
  });

  it("accepts the app's own origin", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" },
      payload: alex,
    });
    expect(reply.statusCode).toBe(200);
  });

  it("with PUBLIC_URL unset on loopback, accepts the app opened as localhost as well as 127.0.0.1", async () => {
    const listen = { https: false, host: "127.0.0.1", port: 4321 };
    const { app } = await buildTestApp({ publicOrigin: appOrigins(undefined, listen) });
    const login = (origin: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", headers: { origin }, payload: alex });
    for (const origin of ["http://127.0.0.1:4321", "http://localhost:4321", "http://[::1]:4321"]) {
      expect({ origin, status: (await login(origin)).statusCode }).toEqual({ origin, status: 200 });
    }
    for (const origin of ["http://localhost:3000", "https://localhost:4321", "http://localhost.evil.example:4321"]) {
      expect({ origin, status: (await login(origin)).statusCode }).toEqual({ origin, status: 403 });
    }
  });

  it("with PUBLIC_URL set, accepts that origin only", async () => {
    const listen = { https: false, host: "127.0.0.1", port: 4321 };
    const { app } = await buildTestApp({ publicOrigin: appOrigins("https://love.example/app", listen) });
    const login = (origin: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", headers: { origin }, payload: alex });
    expect((await login("https://love.example")).statusCode).toBe(200);
    expect((await login("http://localhost:4321")).statusCode).toBe(403);
    expect(() => appOrigins("not a url", listen)).toThrow(/PUBLIC_URL=not a url is not a URL/);
  });

  it("refuses a POST that is not JSON (a plain form post cannot sign in or buy)", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify(alex),
    });
    expect(reply.statusCode).toBe(415);
  });

  it("refuses a compressed body with 415 naming Content-Encoding, and signs no one in", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify(alex)),
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toMatchObject({ message: "Content-Encoding: send the body uncompressed" });
    expect(reply.cookies).toEqual([]);
  });
});

describe("security headers", () => {
  it("send a page a strict CSP, nosniff and a referrer policy", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({ method: "GET", url: "/a-page" });
    const csp = String(reply.headers["content-security-policy"]);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.headers["referrer-policy"]).toBe("same-origin");
  });

  it("send an API answer, however its URL is spelled, OWASP's API set: never framed, sniffed, read cross-site or stored", async () => {
    const { app } = await buildTestApp({ https: true });
    for (const url of ["/api/health", "/%61pi/health", "/api/spankTotal", "/api/no-such-thing"]) {
      const reply = await app.inject({ method: "GET", url });
      expect(reply.headers, url).toMatchObject({
        "content-security-policy": "frame-ancestors 'none'",
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "cross-origin-resource-policy": "same-origin",
        "cache-control": "no-store",
        "strict-transport-security": expect.stringMatching(/^max-age=\d+/),
      });
    }
    // The page's own policies mean nothing to an answer that is never a page.
    const answer = await app.inject({ method: "GET", url: "/api/health" });
    expect(answer.headers["referrer-policy"]).toBeUndefined();
  });
});

describe("attacks on the edges", () => {
  it("counts parallel guesses: a burst of 20 gets at most 5 tries at the password", async () => {
    const { app } = await buildTestApp();
    const burst = Array.from({ length: 20 }, (_, i) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "alex", password: i === 19 ? "alex-demo-pass" : `guess-${i}` },
      }),
    );
    const statuses = (await Promise.all(burst)).map((reply) => reply.statusCode);
    // Refused before any check: 429 (the address's limit) or 503 (the line of checks is full).
    const checked = statuses.filter((status) => status !== 429 && status !== 503);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((status) => status === 401)).toBe(true);
  });

  it("matches the username exactly", async () => {
    const { app } = await buildTestApp();
    for (const username of ["ALEX", " alex", "alex "]) {
      const reply = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password: "alex-demo-pass" },
      });
      expect(reply.statusCode).toBe(401);
    }
  });

  it("guards API routes however the URL is spelled", async () => {
    const { app, db, signIn } = await buildTestApp();
    db.$client
      .prepare("INSERT INTO memories (user_id, message, created_at) VALUES (1, 'ours', '2026-01-01T00:00:00.000Z')")
      .run();
    for (const url of [
      "/%61pi/memories",
      "/%61%70%69/memories",
      "/api/%6Demories",
      "/%61pi/quoteOfTheDay",
      "/%61pi/openapi.json",
    ]) {
      expect({ url, status: (await app.inject({ method: "GET", url })).statusCode }).toEqual({ url, status: 401 });
    }
    const deleted = await app.inject({ method: "POST", url: "/%61pi/memories/delete", payload: { ids: [1] } });
    expect(deleted.statusCode).toBe(401);
    expect(db.$client.prepare("SELECT deleted_at FROM memories").get()).toEqual({ deleted_at: null });

    const cookie = await signIn("alex");
    const crossSite = await app.inject({
      method: "POST",
      url: "/%61pi/memories/delete",
      headers: { cookie, origin: "https://evil.example", host: "127.0.0.1:3000" },
      payload: { ids: [1] },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(db.$client.prepare("SELECT deleted_at FROM memories").get()).toEqual({ deleted_at: null });
  });

  it("behind a TLS proxy (PUBLIC_URL https) accepts the browser's https Origin and refuses others", async () => {
    const { app } = await buildTestApp({ https: true, publicOrigin: "https://love.example" });
    const login = (origin: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", headers: { origin, host: "love.example" }, payload: alex });
    expect((await login("https://love.example")).statusCode).toBe(200);
    expect((await login("http://love.example")).statusCode).toBe(403);
  });
});

describe("housekeeping", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("purges expired sessions and login failures that no longer count on a timer", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const now = new Date("2026-11-21T12:00:00Z");
    const { db } = await buildTestApp({ now: () => now });
    db.$client
      .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, 1, ?, ?)")
      .run("expired", "2026-10-01T00:00:00.000Z", "2026-10-31T00:00:00.000Z");
    db.$client
      .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, 1, ?, ?)")
      .run("current", "2026-11-21T00:00:00.000Z", "2026-12-21T00:00:00.000Z");
    const fail = (at: string) =>
      db.$client
        .prepare("INSERT INTO login_failures (username, client, failed_at) VALUES ('mallory', '10.0.0.9', ?)")
        .run(at);
    fail("2026-11-21T11:40:00.000Z");
    fail("2026-11-21T11:50:00.000Z");
    // Nothing is purged until the timer fires: the purge below is the timer's doing.
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM sessions").get()).toEqual({ n: 2 });
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM login_failures").get()).toEqual({ n: 2 });

    vi.advanceTimersByTime(HOUSEKEEPING_INTERVAL_MS);

    expect(db.$client.prepare("SELECT token_hash FROM sessions").all()).toEqual([{ token_hash: "current" }]);
    expect(db.$client.prepare("SELECT failed_at FROM login_failures").all()).toEqual([
      { failed_at: "2026-11-21T11:50:00.000Z" },
    ]);
  });
});

/** The database refuses every write from now on, as on a full disk (SQLITE_FULL) or a read-only one (SQLITE_READONLY). */
function refuseWrites({ db }: TestApp, disk: "full" | "read-only"): void {
  if (disk === "read-only") {
    db.$client.pragma("query_only = ON");
    return;
  }
  // A session's deletion first fills a temporary table allowed two pages.
  db.$client.exec(`CREATE TEMP TABLE filler (b BLOB);
    CREATE TEMP TRIGGER fill BEFORE DELETE ON main.sessions BEGIN INSERT INTO filler VALUES (zeroblob(1000000)); END;`);
  db.$client.pragma("temp.max_page_count = 2");
}

/** Alex's sign-in with `password` from an address, with the browser's cookies if any. */
function alexSignsIn(app: TestApp["app"]) {
  return (password: string, remoteAddress: string, cookie?: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "alex", password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });
}
