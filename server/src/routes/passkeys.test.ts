import { type Db, openDb } from "@spankbank/db/client";
import { hashPassword } from "@spankbank/db/password";
import type { CoupleConfig } from "@spankbank/shared/config";
import {
  LOGIN_FAILURE_LIMIT,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_CHALLENGES_WAITING_MAX,
} from "@spankbank/shared/limits";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildTestApp, testCouple } from "../test/app.js";
import { TestAuthenticator } from "../test/authenticator.js";
import { botWritesOnceCounted } from "../test/botLock.js";
import { sessionCookie } from "../test/session.js";

/** A page the app serves by name (its default public origins include every loopback spelling). */
const PAGE = "http://localhost:3000";

/** The app on a clock the test moves, each partner signed in, and each partner's own authenticator. */
async function passkeyApp() {
  let clock = new Date("2026-11-26T12:00:00Z");
  const test = await buildTestApp({ now: () => clock });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const device = { alex: new TestAuthenticator(PAGE), sam: new TestAuthenticator(PAGE) };
  const inject = (method: "GET" | "POST" | "DELETE", url: string, who?: "alex" | "sam", payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { origin: PAGE, ...(who ? { cookie: cookie[who] } : {}) },
      ...(payload ? { payload } : {}),
    });
  /** The partner adds a passkey from their own device, named `name`; the answer of `POST /api/passkeys`. */
  const addPasskey = async (who: "alex" | "sam", name?: string) => {
    const options = await inject("POST", "/api/passkeys/registration-options", who);
    expect(options.statusCode, options.body).toBe(200);
    return inject("POST", "/api/passkeys", who, { name, credential: device[who].create(options.json()) });
  };
  /** A signed-out browser signs in with `authenticator`'s passkey, naming `username` or none. */
  const signInWith = async (authenticator: TestAuthenticator, username?: string, use: { id?: string } = {}) => {
    const options = await inject("POST", "/api/auth/passkey-options", undefined, username ? { username } : {});
    expect(options.statusCode, options.body).toBe(200);
    return inject("POST", "/api/auth/passkey", undefined, { credential: authenticator.get(options.json(), use) });
  };
  const move = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  return { ...test, cookie, device, inject, addPasskey, signInWith, move };
}

const passkeyRows = (db: Db) =>
  db.$client
    .prepare("SELECT u.username, p.name, p.counter, p.last_used_at FROM passkeys p JOIN users u ON u.id = p.user_id")
    .all();
const sessionOf = (reply: { cookies: { name: string; value: string }[] }) =>
  reply.cookies.find((c) => c.name === "spankbank_session" && c.value !== "");

describe("passkeys", () => {
  it("a partner adds a passkey to their own account, sees it listed, and signs in with it", async () => {
    const { app, db, inject, addPasskey, signInWith, device } = await passkeyApp();
    const added = await addPasskey("alex", "  My phone  ");
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      passkey: { id: expect.any(Number), name: "My phone", created_at: "2026-11-26T12:00:00.000Z", last_used_at: null },
    });
    expect((await inject("GET", "/api/passkeys", "alex")).json()).toEqual({ passkeys: [added.json().passkey] });
    expect((await inject("GET", "/api/passkeys", "sam")).json()).toEqual({ passkeys: [] });

    const signedIn = await signInWith(device.alex);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.username).toBe("alex");
    const session = sessionOf(signedIn)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const asked = await app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `${session.name}=${session.value}` },
    });
    expect(asked.json().user.username).toBe("alex");
    // Named or not, it signs in to its own partner; the counter moved and the use is dated.
    expect((await signInWith(device.alex, "alex")).statusCode).toBe(200);
    expect(passkeyRows(db)).toEqual([
      { username: "alex", name: "My phone", counter: 2, last_used_at: "2026-11-26T12:00:00.000Z" },
    ]);
    // Left unnamed, a passkey gets a name by its number.
    expect((await addPasskey("alex")).json().passkey.name).toBe("Passkey 2");
  });

  it("adds a passkey only to the signed-in partner, from a challenge given to them", async () => {
    const { db, inject, device } = await passkeyApp();
    expect((await inject("POST", "/api/passkeys/registration-options")).statusCode).toBe(401);
    const options = await inject("POST", "/api/passkeys/registration-options", "alex");
    const credential = device.alex.create(options.json());
    // Sam cannot use Alex's ceremony, nor name a partner in the body.
    const bySam = await inject("POST", "/api/passkeys", "sam", { credential });
    expect(bySam.statusCode).toBe(400);
    expect(bySam.json().message).toMatch(/^body\.credential: /);
    const named = await inject("POST", "/api/passkeys", "alex", { credential, userId: 2 });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toContain("userId");
    expect(passkeyRows(db)).toEqual([]);
  });

  it("refuses another partner's passkey, a stranger's, a forged one and a replayed one", async () => {
    const { db, inject, addPasskey, signInWith, device } = await passkeyApp();
    expect((await addPasskey("alex")).statusCode).toBe(201);
    expect((await addPasskey("sam")).statusCode).toBe(201);

    // Alex's passkey named for Sam's account.
    const asSam = await signInWith(device.alex, "sam");
    expect(asSam.statusCode).toBe(401);
    expect(asSam.json()).toMatchObject({ message: "That passkey is not sam's.", triesLeft: LOGIN_FAILURE_LIMIT - 1 });
    expect(sessionOf(asSam)).toBeUndefined();

    // A passkey this server never saw.
    const stranger = new TestAuthenticator(PAGE);
    stranger.create({ challenge: "AAAA", rp: { id: "localhost" }, user: { id: "AAAA" } });
    const unknown = await signInWith(stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe("That passkey did not sign you in.");

    // Alex's own key presented as Sam's passkey (its id and user handle): the signature is not Sam's key's.
    const [samsId] = device.sam.heldIds as [string];
    const samsHandle = (
      db.$client.prepare("SELECT user_handle FROM passkeys WHERE credential_id = ?").get(samsId) as {
        user_handle: string;
      }
    ).user_handle;
    device.alex.claim(device.alex.heldIds[0]!, { id: samsId, userHandle: samsHandle });
    const forged = await signInWith(device.alex, undefined, { id: samsId });
    expect(forged.statusCode).toBe(401);
    expect(sessionOf(forged)).toBeUndefined();

    // One answer signs in once.
    const options = await inject("POST", "/api/auth/passkey-options", undefined, {});
    const credential = device.alex.get(options.json(), { id: device.alex.heldIds[0]! });
    expect((await inject("POST", "/api/auth/passkey", undefined, { credential })).statusCode).toBe(200);
    const again = await inject("POST", "/api/auth/passkey", undefined, { credential });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("This passkey sign-in expired or was already used. Try again.");
  });

  it("refuses a challenge past its few minutes, and a counter that went back (a cloned passkey)", async () => {
    const { inject, addPasskey, signInWith, device, move } = await passkeyApp();
    expect((await addPasskey("alex")).statusCode).toBe(201);
    const options = await inject("POST", "/api/auth/passkey-options", undefined, {});
    move(PASSKEY_CHALLENGE_TTL_MS);
    const late = await inject("POST", "/api/auth/passkey", undefined, { credential: device.alex.get(options.json()) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe("This passkey sign-in expired or was already used. Try again.");

    expect((await signInWith(device.alex, undefined, {})).statusCode).toBe(200);
    const cloned = await inject("POST", "/api/auth/passkey-options", undefined, {}).then((reply) =>
      inject("POST", "/api/auth/passkey", undefined, { credential: device.alex.get(reply.json(), { counter: 1 }) }),
    );
    expect(cloned.statusCode).toBe(401);
  });

  it("goes through the password's sign-in limits: failures of either way count, then a pause", async () => {
    const { app, addPasskey, signInWith, device } = await passkeyApp();
    expect((await addPasskey("alex")).statusCode).toBe(201);
    await fourTypos(app);
    // The fifth failure is a passkey's: Sam's, offered for Alex's account. Then Alex's own waits too.
    expect((await addPasskey("sam")).statusCode).toBe(201);
    expect((await signInWith(device.sam, "alex")).statusCode).toBe(401);
    const paused = await signInWith(device.alex, "alex");
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers["retry-after"])).toBeGreaterThan(0);
    expect(sessionOf(paused)).toBeUndefined();
    // Sam, on the same address, is not held by Alex's failures.
    expect((await signInWith(device.sam, "sam")).statusCode).toBe(200);
  });

  it("removes a partner's own passkey, which then signs in no more; another's is not found", async () => {
    const { db, inject, addPasskey, signInWith, device } = await passkeyApp();
    const alexs = (await addPasskey("alex")).json().passkey.id;
    const sams = (await addPasskey("sam")).json().passkey.id;
    expect((await inject("DELETE", `/api/passkeys/${sams}`, "alex")).statusCode).toBe(404);
    expect((await inject("DELETE", `/api/passkeys/${alexs}`, "sam")).statusCode).toBe(404);
    expect((await inject("DELETE", `/api/passkeys/${alexs}`, "alex")).statusCode).toBe(204);
    expect((await inject("GET", "/api/passkeys", "alex")).json()).toEqual({ passkeys: [] });
    expect((await signInWith(device.alex)).statusCode).toBe(401);
    expect((await signInWith(device.sam)).statusCode).toBe(200);
    expect(passkeyRows(db)).toHaveLength(1);
  });

  it("a partner removed from the config signs in no more, not even with a passkey added before", async () => {
    // Sam adds a passkey while still one of the couple.
    const first = await buildTestApp();
    const samCookie = sessionCookie(first, "sam");
    const samsPhone = new TestAuthenticator(PAGE);
    const options = await first.app.inject({
      method: "POST",
      url: "/api/passkeys/registration-options",
      headers: { origin: PAGE, cookie: samCookie },
    });
    const added = await first.app.inject({
      method: "POST",
      url: "/api/passkeys",
      headers: { origin: PAGE, cookie: samCookie },
      payload: { name: "Sam's phone", credential: samsPhone.create(options.json()) },
    });
    expect(added.statusCode, added.body).toBe(201);

    // The couple's config now names Jordan (another Discord account) in Sam's place; restart.
    const [alexPartner, samPartner] = testCouple.partners;
    const changed = {
      ...testCouple,
      partners: [
        alexPartner,
        {
          ...samPartner,
          username: "jordan",
          displayName: "Jordan",
          responseName: "jordan_j",
          discordId: "333333333333333333",
          passwordHash: await hashPassword("jordan-pass", { log2N: 10, r: 8, p: 1 }),
        },
      ],
    } satisfies CoupleConfig;
    const { app } = await buildTestApp({ db: first.db, config: changed });

    // Sam's old session has ended, as it should.
    const oldSession = await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: samCookie } });
    expect(oldSession.json()).toBeNull();

    // Sam, no longer in the config, signs in with the passkey kept on their phone.
    const signInOptions = await app.inject({
      method: "POST",
      url: "/api/auth/passkey-options",
      headers: { origin: PAGE },
      payload: {},
    });
    const signedIn = await app.inject({
      method: "POST",
      url: "/api/auth/passkey",
      headers: { origin: PAGE },
      payload: { credential: samsPhone.get(signInOptions.json()) },
    });
    const session = signedIn.cookies.find((c) => c.name === "spankbank_session" && c.value !== "");
    const cookie = session ? `spankbank_session=${session.value}` : "";
    const asked = await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    const memories = await app.inject({ method: "GET", url: "/api/memories", headers: { cookie } });
    expect({
      signIn: signedIn.statusCode,
      sessionUser: asked.json()?.user?.username ?? null,
      memories: memories.statusCode,
    }).toEqual({ signIn: 401, sessionUser: null, memories: 401 });
  });

  it("refuses the same passkey twice, whoever adds it", async () => {
    const { db, inject, device } = await passkeyApp();
    const options = await inject("POST", "/api/passkeys/registration-options", "alex");
    const credential = device.alex.create(options.json());
    expect((await inject("POST", "/api/passkeys", "alex", { credential })).statusCode).toBe(201);
    // Sam's browser replays Alex's new passkey in a ceremony of Sam's own.
    const samsOptions = (await inject("POST", "/api/passkeys/registration-options", "sam")).json();
    const replayed = new TestAuthenticator(PAGE).create(samsOptions, { asId: credential.id });
    const bySam = await inject("POST", "/api/passkeys", "sam", { credential: replayed });
    expect(bySam.statusCode).toBe(409);
    expect(bySam.json().message).toBe("This passkey is already added.");
    expect(passkeyRows(db)).toHaveLength(1);
  });

  it("a passkey added or used while the bot holds the database's write lock waits for it and goes through", async () => {
    const { db, inject, device } = await passkeyApp();
    /** The bot's connection writes for a moment, as when a passkey's answer reaches the server. */
    const botWrites = () => {
      const bot = openDb(db.$client.name).$client;
      bot.exec("BEGIN IMMEDIATE");
      const done = setTimeout(() => bot.exec("COMMIT"), 150);
      onTestFinished(() => {
        clearTimeout(done);
        bot.close();
      });
    };
    const options = await inject("POST", "/api/passkeys/registration-options", "alex");
    // The phone has made the passkey and keeps it, whatever the server answers.
    const credential = device.alex.create(options.json());
    botWrites();
    const added = await inject("POST", "/api/passkeys", "alex", { credential });
    expect(added.statusCode, added.body).toBe(201);
    expect(passkeyRows(db)).toHaveLength(1);

    const signInOptions = await inject("POST", "/api/auth/passkey-options", undefined, {});
    const answer = device.alex.get(signInOptions.json());
    botWrites();
    const signedIn = await inject("POST", "/api/auth/passkey", undefined, { credential: answer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(sessionOf(signedIn)).toBeDefined();
  });

  it("a passkey sign-in after four typos goes through while the bot holds the write lock at its session's write", async () => {
    const { app, db, addPasskey, signInWith, device } = await passkeyApp();
    expect((await addPasskey("alex")).statusCode).toBe(201);
    await fourTypos(app);
    // Its run again (retryWhenBusy) neither counts the try a second time nor is held by its own count.
    botWritesOnceCounted(db, LOGIN_FAILURE_LIMIT);
    const signedIn = await signInWith(device.alex, "alex");
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(db.$client.prepare("SELECT count(*) AS n FROM login_failures").get()).toEqual({ n: 0 });
  });

  it("a stranger's flood of sign-in options pushes out neither partner's ceremony under way", async () => {
    const { app, cookie, device, addPasskey } = await passkeyApp();
    expect((await addPasskey("alex")).statusCode).toBe(201);
    const from = (remoteAddress: string, url: string, who?: "alex" | "sam", payload: object = {}) =>
      app.inject({
        method: "POST",
        url,
        remoteAddress,
        headers: { origin: PAGE, ...(who ? { cookie: cookie[who] } : {}) },
        payload,
      });
    // Sam adds a passkey from home; Alex signs in with theirs on a phone, signed out.
    const adding = await from("192.0.2.10", "/api/passkeys/registration-options", "sam");
    const signingIn = await from("198.51.100.7", "/api/auth/passkey-options", undefined, { username: "alex" });
    for (let i = 0; i < PASSKEY_CHALLENGES_WAITING_MAX; i++) {
      expect((await from("203.0.113.9", "/api/auth/passkey-options")).statusCode).toBe(200);
    }
    const added = await from("192.0.2.10", "/api/passkeys", "sam", { credential: device.sam.create(adding.json()) });
    expect(added.statusCode, added.body).toBe(201);
    const signedIn = await from("198.51.100.7", "/api/auth/passkey", undefined, {
      credential: device.alex.get(signingIn.json()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it("a passkey sign-in whose challenge expired or was pushed out counts against no partner: five leave the password working", async () => {
    const { app, inject, addPasskey, device } = await passkeyApp();
    expect((await addPasskey("alex")).statusCode).toBe(201);
    const options = (await inject("POST", "/api/auth/passkey-options", undefined, {})).json();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      // A challenge the server no longer holds, signed by Alex's own passkey on Alex's own device.
      const gone = { ...options, challenge: Buffer.from(`pushed out ${i}`).toString("base64url") };
      const late = await inject("POST", "/api/auth/passkey", undefined, { credential: device.alex.get(gone) });
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe("This passkey sign-in expired or was already used. Try again.");
    }
    const byPassword = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "alex", password: "alex-demo-pass" },
    });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
  });

  it("answers bad input with a 400 naming the field, and an address by number with how to reach it by name", async () => {
    const { app, cookie, inject } = await passkeyApp();
    const byNumber = await app.inject({
      method: "POST",
      url: "/api/passkeys/registration-options",
      headers: { origin: "http://127.0.0.1:3000", cookie: cookie.alex },
    });
    expect(byNumber.statusCode).toBe(409);
    expect(byNumber.json().message).toContain("http://localhost:3000");
    const noOrigin = await app.inject({ method: "POST", url: "/api/auth/passkey-options", payload: {} });
    expect(noOrigin.statusCode).toBe(400);
    expect(noOrigin.json().message).toMatch(/^headers\.origin: /);
    const notBase64 = await inject("POST", "/api/auth/passkey", undefined, {
      credential: { id: "a+b", rawId: "a", type: "public-key", clientExtensionResults: {}, response: {} },
    });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().message).toContain("body.credential.id: must be base64url");
    const notClientData = await inject("POST", "/api/auth/passkey", undefined, {
      credential: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
      },
    });
    expect(notClientData.statusCode).toBe(400);
    expect(notClientData.json().message).toMatch(/^body\.credential\.response\.clientDataJSON: /);
    const longName = await inject("POST", "/api/passkeys", "alex", { name: "x".repeat(41), credential: {} });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().message).toContain("body.name");
  });
});

/** Alex's password mistyped four times: one failure short of the pause. */
async function fourTypos(app: Awaited<ReturnType<typeof passkeyApp>>["app"]): Promise<void> {
  for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) {
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "alex", password: "not-it" },
    });
    expect(wrong.statusCode).toBe(401);
  }
}
