import { expect } from "@playwright/test";
import {
  ANNOUNCEMENTS,
  alex,
  botWorld,
  GENERAL,
  GUILD,
  MEMORIES,
  partnerMessage,
  QUESTIONS,
  sam,
  snowflake,
  spawnLogged,
  until,
} from "./discord/botWorld";
import { APP_ID } from "./discord/standIn";
import { test } from "./test";

/**
 * The real built server and the real built bot process, unmodified, on one temp database, with
 * the bot talking to the Discord stand-in over real HTTP and WebSocket (DISCORD_API_URL only).
 */

function interaction(name: string, userId: string, options: unknown[] = [], type = 1) {
  const id = snowflake();
  return {
    id,
    application_id: APP_ID,
    type: 2,
    guild_id: GUILD,
    channel_id: GENERAL,
    channel: { id: GENERAL, type: 0 },
    member: {
      user: { id: userId, username: `user${userId.slice(-4)}`, discriminator: "0", global_name: null, avatar: null },
      roles: [],
      joined_at: "2025-01-01T00:00:00.000Z",
      deaf: false,
      mute: false,
      flags: 0,
      permissions: "2248473465835073",
    },
    token: `token-${id}`,
    version: 1,
    app_permissions: "2248473465835073",
    locale: "en-US",
    guild_locale: "en-US",
    entitlements: [],
    authorizing_integration_owners: {},
    context: 0,
    attachment_size_limit: 8388608,
    data: { id: snowflake(), name, type, options },
  };
}

test("the bot process keeps Discord and the web app in step, and resumes after a dropped gateway", async () => {
  // About 25 s on a busy 2-core machine; the margin is for a noisier one.
  test.setTimeout(180_000);
  const { dir, standIn, port, env, api, startServer, startBot, tearDown } = await botWorld({
    memoriesChannelId: MEMORIES,
    questionsChannelId: QUESTIONS,
    announcementsChannelId: ANNOUNCEMENTS,
  });
  try {
    // npm run deploy-commands registers in the configured server and prints the invite link.
    const deploy = spawnLogged(
      "bot/dist/deployCommands.js",
      { ...env, DISCORD_TOKEN: "stand-in-token", DISCORD_APP_ID: APP_ID, DISCORD_API_URL: standIn.apiUrl },
      dir,
    );
    expect(await new Promise((resolve) => deploy.child.once("exit", resolve))).toBe(0);
    expect(deploy.output()).toContain(`Registered 15 commands in server ${GUILD}.`);
    expect(deploy.output()).toContain(
      `https://discord.com/oauth2/authorize?client_id=${APP_ID}&scope=bot+applications.commands&permissions=274877975616`,
    );
    const registration = standIn.requests.find(
      (r) => r.path === `/api/v10/applications/${APP_ID}/guilds/${GUILD}/commands`,
    );
    expect(registration).toBeDefined();
    expect((registration!.body as unknown as { name: string }[]).map((c) => c.name)).toContain("Save as memory");

    await startServer();
    const bot = await startBot();
    expect(standIn.gatewayReceived.find((p) => p.op === 2)?.d).toMatchObject({
      token: "stand-in-token",
      intents: 33281,
    });

    const ask = async (payload: ReturnType<typeof interaction>) => {
      standIn.dispatch("INTERACTION_CREATE", payload);
      return until(`an answer to /${payload.data.name}`, () => standIn.answerTo(payload));
    };

    // /memory through the gateway.
    expect(
      await ask(
        interaction("memory", alex.discordId, [
          { name: "save", type: 1, options: [{ name: "text", type: 3, value: "Picnic by the lake" }] },
        ]),
      ),
    ).toBe("Saved as a memory 💞");

    // A memories-channel message with an image.
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(200, 1)]);
    standIn.files.set("/attachments/photo.png", { bytes: png, contentType: "image/png" });
    const sunset = partnerMessage(MEMORIES, sam.discordId, "Sunset from the ferry", [
      {
        id: snowflake(),
        filename: "photo.png",
        size: png.length,
        url: `${standIn.baseUrl}/attachments/photo.png`,
        proxy_url: `${standIn.baseUrl}/attachments/photo.png`,
        content_type: "image/png",
      },
    ]);
    const posted = sunset.id;
    standIn.dispatch("MESSAGE_CREATE", sunset);
    await until("the memory's reaction", () =>
      standIn.requests.some((r) => r.method === "PUT" && r.path.includes(`/messages/${posted}/reactions/`)),
    );

    // A question, and /answer.
    expect(await ask(interaction("question", alex.discordId, [{ name: "now", type: 1, options: [] }]))).toMatch(
      /^Asked: /,
    );
    expect(
      await ask(interaction("answer", alex.discordId, [{ name: "response", type: 3, value: "The lake, always" }])),
    ).toMatch(/is saved\./);

    // The running server shows all of it.
    const signIn = async (username: string, password: string) => {
      const reply = await fetch(`${api}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      expect(reply.status).toBe(200);
      return reply.headers.getSetCookie()[0]!.split(";")[0]!;
    };
    const alexCookie = await signIn("alex", "alex-demo-pass");
    const get = (path: string, cookie = alexCookie) => fetch(`${api}${path}`, { headers: { cookie } });
    const memories = (await (await get("/memories")).json()) as { message: string; images?: { url: string }[] }[];
    expect(memories.map((m) => m.message).sort()).toEqual(["Picnic by the lake", "Sunset from the ferry"]);
    const image = memories.find((m) => m.images)!.images![0]!;
    const served = await fetch(`http://127.0.0.1:${port}${image.url}`, { headers: { cookie: alexCookie } });
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}${image.url}`)).status).toBe(401);
    const latest = (await (await get("/latestQuestion")).json()) as {
      responses: { username: string; response: string }[];
    };
    expect(latest.responses).toEqual([expect.objectContaining({ username: "alex_d", response: "The lake, always" })]);

    // Each starts with economy.startingSpanks (100); Alex has 5 more from answering. Sam awards Alex
    // 40 spanks in Discord; Alex buys Sam's favour (25) on the web; Discord hears of it.
    expect(
      await ask(
        interaction("spank", sam.discordId, [
          { name: "amount", type: 4, value: 40 },
          { name: "reason", type: 3, value: "Best picnic" },
        ]),
      ),
    ).toMatch(/^You gave Alex 40 spanks/);
    const samCookie = await signIn("sam", "sam-demo-pass");
    const created = await fetch(`${api}/products`, {
      method: "POST",
      headers: { cookie: samCookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Foot rub", description: "Ten minutes", quantity: 1, price: 25, username: "sam" }),
    });
    expect(created.status).toBe(201);
    const { product } = (await created.json()) as { product: { id: number } };
    const bought = await fetch(`${api}/purchase`, {
      method: "POST",
      headers: { cookie: alexCookie, "content-type": "application/json" },
      body: JSON.stringify({ productId: product.id, quantity: 1 }),
    });
    expect(bought.status).toBe(200);
    await until("the purchase announced", () =>
      standIn.postedIn(ANNOUNCEMENTS).includes('🛍️ Alex bought "Foot rub" from Sam for 25 spanks.'),
    );

    // The gateway drops; the bot resumes on resume_gateway_url and keeps working.
    standIn.dropConnection();
    await until("the bot resumed", () => standIn.gatewayReceived.some((p) => p.op === 6));
    await until("the resume logged", () => bot.output().includes("Discord gateway resumed"));
    expect(standIn.gatewayReceived.find((p) => p.op === 6)?.d).toMatchObject({ session_id: "stand-in-session" });
    expect(await ask(interaction("balance", alex.discordId))).toBe("You have 120 spanks. Sam has 100 spanks.");

    // Each announcement was posted once.
    const announcements = standIn.postedIn(ANNOUNCEMENTS);
    expect(new Set(announcements).size).toBe(announcements.length);
  } finally {
    await tearDown();
  }
});

test("memories posted while the bot was stopped, and an image Discord failed to serve, reach the web once", async () => {
  test.setTimeout(180_000);
  const { standIn, api, startServer, startBot, stopBot, tearDown } = await botWorld({
    memoriesChannelId: MEMORIES,
    questionsChannelId: QUESTIONS,
  });
  try {
    await startServer();
    const login = await fetch(`${api}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "alex", password: "alex-demo-pass" }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    type WebMemory = { message: string; images?: { url: string }[] };
    const webMemories = async () =>
      (await (await fetch(`${api}/memories`, { headers: { cookie } })).json()) as WebMemory[];

    const first = await startBot();
    // A memory with two photos; Discord's CDN fails one of them (503).
    const png = (fill: number) => Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(100, fill)]);
    standIn.files.set("/attachments/pier.png", { bytes: png(1), contentType: "image/png" });
    standIn.files.set("/attachments/boat.png", 503);
    const photo = (name: string) => ({
      id: snowflake(),
      filename: name,
      size: 108,
      url: `${standIn.baseUrl}/attachments/${name}`,
      proxy_url: `${standIn.baseUrl}/attachments/${name}`,
      content_type: "image/png",
    });
    standIn.postMessage(
      partnerMessage(MEMORIES, alex.discordId, "Harbour day", [photo("pier.png"), photo("boat.png")]),
    );
    await until("the missing-file note", () =>
      standIn
        .postedIn(MEMORIES)
        .some((note) => note.startsWith("Discord did not give me boat.png yet: the memory is saved")),
    );
    expect((await webMemories()).map((m) => [m.message, m.images?.length ?? 0])).toEqual([["Harbour day", 1]]);

    // The bot stops; three memories are posted meanwhile; the CDN serves the missing photo again.
    await stopBot(first.child);
    for (const [who, text] of [
      [sam, "Pancakes while you slept"],
      [alex, "The long walk home"],
      [sam, "Fireflies"],
    ] as const) {
      standIn.postMessage(partnerMessage(MEMORIES, who.discordId, text));
    }
    standIn.files.set("/attachments/boat.png", { bytes: png(2), contentType: "image/png" });

    const second = await startBot();
    await until("the three memories on the web", async () => (await webMemories()).length === 4);
    await until("the missing photo added", async () =>
      (await webMemories()).some((m) => m.message === "Harbour day" && m.images?.length === 2),
    );
    const messages = (await webMemories()).map((m) => m.message).sort();
    expect(messages).toEqual(["Fireflies", "Harbour day", "Pancakes while you slept", "The long walk home"]);
    await until("the catch-up logged", () =>
      second.output().includes("Caught up on 3 messages posted while the bot was away."),
    );

    // A third start reads nothing again: each memory stays once.
    await stopBot(second.child);
    const third = await startBot();
    await until(
      "the third catch-up",
      () =>
        standIn.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/channels/${MEMORIES}/messages`))
          .length >= 3,
    );
    expect((await webMemories()).map((m) => m.message).sort()).toEqual(messages);
    expect(third.output()).not.toContain("Caught up");
  } finally {
    await tearDown();
  }
});
