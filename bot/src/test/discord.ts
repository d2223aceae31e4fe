import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { mediaFolder } from "@spankbank/db/media";
import { seedQuestionBank } from "@spankbank/db/questions";
import { openMigratedCopy } from "@spankbank/db/test/migratedCopy";
import type { CoupleConfig } from "@spankbank/shared/config";
import { demoCouple } from "@spankbank/shared/demoCouple";
import {
  ApplicationCommandOptionType,
  type Client,
  ClientApplication,
  ClientUser,
  SnowflakeUtil,
  Status,
} from "discord.js";
import {
  type APIApplicationCommandInteractionDataOption,
  type APIAttachment,
  type APIMessage,
  type APIPublicThreadChannel,
  ApplicationCommandType,
  ChannelType,
  InteractionType,
  Locale,
  MessageFlags,
  MessageReferenceType,
} from "discord-api-types/v10";
import { HttpResponse, http, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createBot } from "../bot.js";
import type { BotContext } from "../context.js";

export const GUILD_ID = "900000000000000001";
export const CHANNEL_ID = "900000000000000002";
export const APP_ID = "900000000000000003";
export const MEMORIES_CHANNEL = "900000000000000004";
export const QUESTIONS_CHANNEL = "900000000000000005";
export const ANNOUNCEMENTS_CHANNEL = "900000000000000006";
export const BOT_USER_ID = "900000000000000007";
export const STRANGER_ID = "333333333333333333";
const API = "https://discord.com/api/v10";

/** The demo couple with the three channels configured. */
export const testConfig: CoupleConfig = {
  ...demoCouple,
  discord: {
    guildId: GUILD_ID,
    memoriesChannelId: MEMORIES_CHANNEL,
    questionsChannelId: QUESTIONS_CHANNEL,
    announcementsChannelId: ANNOUNCEMENTS_CHANNEL,
  },
};

type Body = { type?: number; data?: { content?: string; flags?: number }; content?: string; [key: string]: unknown };

/** Every interaction callback the bot sent, as Discord would have received it. */
export const callbacks: { interactionId: string; body: Body }[] = [];
/** Edits of a deferred answer, by interaction token. */
export const edits: { token: string; body: Body }[] = [];
/** Messages the bot posted in channels (each nonce once for NONCE_KEPT_MS, as Discord's enforce_nonce does). */
export const posted: { id: string; channelId: string; body: Body }[] = [];
/** Reactions the bot added: `channel/message/emoji`. */
export const reactions: string[] = [];
/** The bot's own reactions taken off again, the same way. */
export const reactionsRemoved: string[] = [];
/** Status codes the next channel-message posts answer with before succeeding (e.g. [500]). */
export const failNextPosts: number[] = [];
/**
 * Status codes the next channel-message posts answer with although Discord took them: the message
 * is posted (and in the channel's history) and its answer is lost on the way back.
 */
export const failNextAnswersToPosts: number[] = [];
/** Attachment downloads, by URL path, with the bytes to serve (or a status code to fail with). */
export const files = new Map<string, Buffer | number>();
/** Channel history the bot may read back (GET /channels/:id/messages), oldest first per channel. */
export const history = new Map<string, APIMessage[]>();
/** The threads opened in the server, active and archived, as Discord lists them (see openThread). */
export const threads: APIPublicThreadChannel[] = [];
/** Command registrations the bot sent (PUT .../guilds/:guild/commands). */
export const registrations: { guildId: string; body: unknown }[] = [];
/** Status codes the next interaction callbacks answer with before succeeding (e.g. [503]). */
export const failNextCallbacks: number[] = [];
/** How the next channel-history reads fail before succeeding: a status code, or "drop" (the socket drops). */
export const failNextHistoryReads: (number | "drop")[] = [];
/** Statuses the next reactions are refused with (e.g. 403: the bot lost Add Reactions). */
export const failNextReactions: number[] = [];
/** The commands Discord lists in each server (what was registered, unless a test changes it). */
export const guildCommands = new Map<string, unknown[]>();
/** Attachment downloads held until the promise settles, by URL path. */
const heldFiles = new Map<string, Promise<void>>();

/** Holds the CDN's answer for an attachment until the returned release is called. */
export function holdDownload(file: APIAttachment): () => void {
  let release = () => {};
  heldFiles.set(new URL(file.url).pathname, new Promise<void>((resolve) => (release = resolve)));
  return release;
}
/** The attachment paths the bot asked the CDN for, in order. */
export const downloads: string[] = [];

/**
 * How long Discord answers a post with a nonce it has seen with the message already made: "the
 * past few minutes" (its documentation gives no number); after it, the same nonce posts anew.
 */
export const NONCE_KEPT_MS = 5 * 60_000;

/** A new id as Discord makes it: its time is now, and each is above the one before. */
export const snowflake = () => SnowflakeUtil.generate().toString();

/** Discord's refusal of a message's content past its 2000 characters: nothing is posted. */
const tooLong = (content: unknown) =>
  typeof content === "string" && content.length > 2000
    ? HttpResponse.json(
        {
          message: "Invalid Form Body",
          code: 50035,
          errors: {
            content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
          },
        },
        { status: 400 },
      )
    : undefined;

export const discord = setupServer(
  http.post(`${API}/interactions/:id/:token/callback`, async ({ request, params }) => {
    const status = failNextCallbacks.shift();
    if (status) return HttpResponse.json({ message: "Discord is having a moment", code: 0 }, { status });
    const body = (await request.json()) as Body;
    const refused = tooLong(body.data?.content);
    if (refused) return refused;
    callbacks.push({ interactionId: String(params.id), body });
    return new HttpResponse(null, { status: 204 });
  }),
  http.patch(`${API}/webhooks/:app/:token/messages/:which`, async ({ request, params }) => {
    const body = (await request.json()) as Body;
    const refused = tooLong(body.content);
    if (refused) return refused;
    edits.push({ token: String(params.token), body });
    return HttpResponse.json(message({ content: body.content ?? "", authorId: BOT_USER_ID }));
  }),
  http.post(`${API}/webhooks/:app/:token`, async ({ request }) => {
    const body = (await request.json()) as Body;
    const refused = tooLong(body.content);
    if (refused) return refused;
    return HttpResponse.json(message({ content: body.content ?? "", authorId: BOT_USER_ID }));
  }),
  http.post(`${API}/channels/:channel/messages`, async ({ request, params }) => {
    const status = failNextPosts.shift();
    if (status) return HttpResponse.json({ message: "Discord is having a moment", code: 0 }, { status });
    const body = (await request.json()) as Body;
    const refused = tooLong(body.content);
    if (refused) return refused;
    const channelId = String(params.channel);
    const same = posted.find(
      (p) =>
        p.channelId === channelId &&
        body.nonce &&
        p.body.nonce === body.nonce &&
        Date.now() - SnowflakeUtil.timestampFrom(p.id) < NONCE_KEPT_MS,
    );
    const lost = failNextAnswersToPosts.shift();
    if (same && !lost) return HttpResponse.json(message({ id: same.id, channelId, content: String(body.content) }));
    const id = same?.id ?? snowflake();
    const sent = message({ id, channelId, content: String(body.content), authorId: BOT_USER_ID });
    if (!same) {
      posted.push({ id, channelId, body });
      if (lost) history.set(channelId, [...(history.get(channelId) ?? []), sent]);
    }
    if (lost) return HttpResponse.json({ message: "upstream request timeout", code: 0 }, { status: lost });
    return HttpResponse.json(sent);
  }),
  http.put(`${API}/channels/:channel/messages/:message/reactions/:emoji/@me`, ({ params }) => {
    const status = failNextReactions.shift();
    if (status) return HttpResponse.json({ message: "Missing Permissions", code: 50013 }, { status });
    const emoji = decodeURIComponent(String(params.emoji));
    reactions.push(`${params.channel}/${params.message}/${emoji}`);
    markOwnReaction(String(params.channel), String(params.message), emoji, true);
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete(`${API}/channels/:channel/messages/:message/reactions/:emoji/@me`, ({ params }) => {
    const emoji = decodeURIComponent(String(params.emoji));
    reactionsRemoved.push(`${params.channel}/${params.message}/${emoji}`);
    markOwnReaction(String(params.channel), String(params.message), emoji, false);
    return new HttpResponse(null, { status: 204 });
  }),
  // A signed link (path and query) may be served apart from its bare path (an expired link).
  http.get("https://cdn.discordapp.com/attachments/*", async ({ request }) => {
    const url = new URL(request.url);
    downloads.push(url.pathname);
    await heldFiles.get(url.pathname);
    const bytes = files.get(url.pathname + url.search) ?? files.get(url.pathname);
    if (typeof bytes === "number") return new HttpResponse(null, { status: bytes });
    return bytes ? new HttpResponse(new Uint8Array(bytes)) : new HttpResponse(null, { status: 404 });
  }),
  // Discord's paging: with `after`, the `limit` messages right after it; without, the latest ones; newest first.
  http.get(`${API}/channels/:channel/messages`, ({ request, params }) => {
    const status = failNextHistoryReads.shift();
    if (status === "drop") return HttpResponse.error();
    if (status) return HttpResponse.json({ message: "Discord is having a moment", code: 0 }, { status });
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get("limit") ?? 50);
    const after = url.searchParams.get("after");
    const all = history.get(String(params.channel)) ?? [];
    const page = after ? all.filter((m) => BigInt(m.id) > BigInt(after)).slice(0, limit) : all.slice(-limit);
    return HttpResponse.json([...page].reverse());
  }),
  // A server's active threads, all channels together (discord.js keeps those of the channel it asked for).
  http.get(`${API}/guilds/:guild/threads/active`, ({ params }) =>
    HttpResponse.json({
      threads: threads.filter((t) => t.guild_id === params.guild && !t.thread_metadata?.archived),
      members: [],
    }),
  ),
  // A channel's public archived threads, most recently archived first; `before` an ISO time, `limit` 50 unless told.
  http.get(`${API}/channels/:channel/threads/archived/public`, ({ request, params }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get("limit") ?? 50);
    const before = Date.parse(url.searchParams.get("before") ?? "") || Number.POSITIVE_INFINITY;
    const archivedAt = (t: APIPublicThreadChannel) => Date.parse(t.thread_metadata!.archive_timestamp);
    const archived = threads
      .filter((t) => t.parent_id === params.channel && t.thread_metadata?.archived && archivedAt(t) < before)
      .sort((a, b) => archivedAt(b) - archivedAt(a));
    return HttpResponse.json({ threads: archived.slice(0, limit), members: [], has_more: archived.length > limit });
  }),
  // One message read back, as it is now (fresh attachment links); 10008 once it is gone.
  http.get(`${API}/channels/:channel/messages/:message`, ({ params }) => {
    const found = history.get(String(params.channel))?.find((m) => m.id === params.message);
    if (found) return HttpResponse.json(found);
    return HttpResponse.json({ message: "Unknown Message", code: 10008 }, { status: 404 });
  }),
  // Discord signs a link again: `?ex=renewed` on the same path, which `files` may serve.
  http.post(`${API}/attachments/refresh-urls`, async ({ request }) => {
    const { attachment_urls } = (await request.json()) as { attachment_urls: string[] };
    const refreshed_urls = attachment_urls.map((original) => ({
      original,
      refreshed: `${original.split("?")[0]}?ex=renewed`,
    }));
    return HttpResponse.json({ refreshed_urls });
  }),
  // A real local server (bigFiles below): let the request through to it.
  http.get("http://127.0.0.1:*/*", () => passthrough()),
  // Discord lists what was registered, with the fields it adds.
  http.put(`${API}/applications/:app/guilds/:guild/commands`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>[];
    registrations.push({ guildId: String(params.guild), body });
    const listed = body.map((command) => ({
      id: snowflake(),
      application_id: String(params.app),
      guild_id: String(params.guild),
      version: snowflake(),
      type: 1,
      nsfw: false,
      ...command,
    }));
    guildCommands.set(String(params.guild), listed);
    return HttpResponse.json(listed);
  }),
  http.get(`${API}/applications/:app/guilds/:guild/commands`, ({ params }) =>
    HttpResponse.json(guildCommands.get(String(params.guild)) ?? []),
  ),
);
beforeAll(() => discord.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  discord.resetHandlers();
  for (const list of [
    callbacks,
    edits,
    posted,
    reactions,
    reactionsRemoved,
    failNextPosts,
    failNextAnswersToPosts,
    failNextCallbacks,
    failNextHistoryReads,
    failNextReactions,
    registrations,
    downloads,
    threads,
  ]) {
    list.length = 0;
  }
  files.clear();
  history.clear();
  guildCommands.clear();
  heldFiles.clear();
});
afterAll(() => discord.close());

/**
 * A real client on a real temp database, with a token set instead of a gateway login, signed in
 * as the bot user and in the couple's server (as READY and GUILD_CREATE would leave it).
 */
export function botOnTempDb(config: CoupleConfig = testConfig) {
  const db = openMigratedCopy(join(mkdtempSync(join(tmpdir(), "spankbank-bot-")), "bot.db"));
  syncCouple(db, config);
  const context: BotContext = { db, config, mediaDir: mediaFolder(db) };
  return { client: botOn(context), db, context };
}

/** A bot (a fresh discord.js client, as after a restart) on an existing database and config. */
export function botOn(context: BotContext): Client {
  // A failed catch-up is tried again at once: the tests wait on what the bot did, not on time.
  const client = createBot(context, { catchUpRetryDelaysMs: [0] });
  client.token = "test-token";
  client.rest.setToken("test-token");
  client.user = new (ClientUser as unknown as new (c: Client, d: unknown) => ClientUser)(client, {
    id: BOT_USER_ID,
    username: "spankbank",
    discriminator: "0",
    bot: true,
    avatar: null,
  });
  client.application = new (ClientApplication as unknown as new (c: Client, d: unknown) => ClientApplication)(client, {
    id: APP_ID,
  });
  // The couple's server arrives before the client is ready, as READY's guilds do: no guildCreate (a join).
  gateway(
    client,
    "GUILD_CREATE",
    guildCreate(GUILD_ID, [CHANNEL_ID, MEMORIES_CHANNEL, QUESTIONS_CHANNEL, ANNOUNCEMENTS_CHANNEL]),
  );
  client.ws.status = Status.Ready;
  return client;
}

/** A GUILD_CREATE payload: a server with these text channels. */
export function guildCreate(id: string, channelIds: string[]) {
  return {
    id,
    name: "Us",
    owner_id: "111111111111111111",
    unavailable: false,
    roles: [],
    members: [],
    emojis: [],
    channels: channelIds.map((channelId, position) => ({
      id: channelId,
      type: ChannelType.GuildText,
      name: `channel-${position}`,
      position,
      permission_overwrites: [],
    })),
  };
}

/** Feeds one raw gateway DISPATCH through discord.js's own packet handlers. */
export function gateway(client: Client, t: string, d: unknown): void {
  (client.ws as unknown as { handlePacket: (p: unknown, s: unknown) => void }).handlePacket(
    { op: 0, t, d },
    { id: 0, checkReady() {}, gotGuild() {} },
  );
}

/** Waits (bounded, on real time even under fake timers) for the bot's asynchronous work to show. */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1500 && !done(); i++) await sleep(10);
  if (!done()) throw new Error("the bot did not get there");
}

function user(id: string) {
  return { id, username: `user${id.slice(-4)}`, discriminator: "0", global_name: null, avatar: null };
}

/** A message in `history` shows the bot's own reaction (`me`) when read back, as Discord's does. */
function markOwnReaction(channelId: string, messageId: string, emoji: string, on: boolean): void {
  const found = history.get(channelId)?.find((m) => m.id === messageId);
  if (!found) return;
  const others = (found.reactions ?? []).filter((r) => r.emoji.name !== emoji);
  const reaction = {
    emoji: { id: null, name: emoji },
    count: 1,
    count_details: { normal: 1, burst: 0 },
    me: true,
    me_burst: false,
    burst_colors: [],
  };
  found.reactions = on ? [...others, reaction] : others;
}

/** A MESSAGE_CREATE payload. */
export function message(fields: {
  id?: string;
  channelId?: string;
  authorId?: string;
  content: string;
  bot?: boolean;
  attachments?: APIAttachment[];
  replyTo?: string;
}): APIMessage {
  const channelId = fields.channelId ?? CHANNEL_ID;
  return {
    id: fields.id ?? snowflake(),
    channel_id: channelId,
    guild_id: GUILD_ID,
    author: { ...user(fields.authorId ?? "111111111111111111"), ...(fields.bot && { bot: true }) },
    content: fields.content,
    timestamp: "2026-05-01T10:00:00.000Z",
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: fields.attachments ?? [],
    embeds: [],
    pinned: false,
    type: fields.replyTo ? 19 : 0,
    ...(fields.replyTo && {
      message_reference: { message_id: fields.replyTo, channel_id: channelId, guild_id: GUILD_ID },
    }),
  } as APIMessage;
}

/**
 * A public thread opened on a message (a thread made from a message takes its id), as Discord
 * lists it: active, or archived at `archivedAt`. Its history starts with Discord's starter message
 * (type 21), which points at the message it was opened on.
 */
export function openThread(
  on: { id: string; channelId: string },
  fields: { ownerId: string; name: string; archivedAt?: Date },
): APIPublicThreadChannel {
  const starter = {
    ...message({ channelId: on.id, authorId: BOT_USER_ID, content: "", bot: true }),
    type: 21,
    message_reference: { message_id: on.id, channel_id: on.channelId, guild_id: GUILD_ID },
  } as APIMessage;
  history.set(on.id, [...(history.get(on.id) ?? []), starter]);
  const thread: APIPublicThreadChannel = {
    id: on.id,
    guild_id: GUILD_ID,
    parent_id: on.channelId,
    owner_id: fields.ownerId,
    type: ChannelType.PublicThread,
    name: fields.name,
    last_message_id: starter.id,
    message_count: 0,
    member_count: 1,
    rate_limit_per_user: 0,
    total_message_sent: 0,
    thread_metadata: {
      archived: fields.archivedAt !== undefined,
      auto_archive_duration: 1440,
      archive_timestamp: (fields.archivedAt ?? new Date()).toISOString(),
      locked: false,
      create_timestamp: new Date().toISOString(),
    },
  };
  threads.push(thread);
  return thread;
}

/** The first bytes of each image type (what the bot sniffs). */
const MAGIC: Record<string, Buffer> = {
  "image/png": Buffer.from("89504e470d0a1a0a", "hex"),
  "image/jpeg": Buffer.from("ffd8ffe0", "hex"),
  "image/gif": Buffer.from("GIF89a", "latin1"),
  "image/webp": Buffer.from("RIFF\0\0\0\0WEBP", "latin1"),
};

/** `size` bytes of a file of that type (an image's magic bytes, then filler). */
export function fileBytes(contentType: string | undefined, size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  MAGIC[contentType ?? ""]?.copy(bytes);
  return bytes;
}

/**
 * An attachment served by the stand-in CDN with `size` bytes of its type. `serve`: false serves
 * nothing (404), a number fails with that status. `contentType` null: Discord did not say.
 */
export function attachment(
  filename: string,
  contentType: string | null,
  size: number,
  serve: boolean | number = true,
  bytesOf: string | null = contentType,
): APIAttachment {
  const id = snowflake();
  const path = `/attachments/${CHANNEL_ID}/${id}/${filename}`;
  if (serve === true) files.set(path, fileBytes(bytesOf ?? undefined, size));
  else if (typeof serve === "number") files.set(path, serve);
  return {
    id,
    filename,
    size,
    url: `https://cdn.discordapp.com${path}`,
    proxy_url: `https://media.discordapp.net${path}`,
    ...(contentType !== null && { content_type: contentType }),
  };
}

/** An attachment the stand-in CDN serves with exactly these bytes (a real voice message or video). */
export function servedAttachment(
  filename: string,
  contentType: string,
  bytes: Buffer,
  fields: Partial<APIAttachment> = {},
): APIAttachment {
  const served = attachment(filename, contentType, bytes.length, false);
  files.set(new URL(served.url).pathname, bytes);
  return { ...served, ...fields };
}

/**
 * A voice message as Discord sends it: no text, the IS_VOICE_MESSAGE flag, and one Ogg Opus
 * attachment with its length and waveform (a signed link, as every attachment link is).
 */
export function voiceMessage(authorId: string, bytes: Buffer, seconds: number): APIMessage {
  const voice = servedAttachment("voice-message.ogg", "audio/ogg", bytes, {
    duration_secs: seconds,
    waveform: Buffer.alloc(32, 90).toString("base64"),
  });
  const signed = `${voice.url}?ex=6a1b2c3d&is=6a19dabd&hm=${"ab".repeat(32)}&`;
  return {
    ...message({ channelId: MEMORIES_CHANNEL, authorId, content: "", attachments: [{ ...voice, url: signed }] }),
    flags: MessageFlags.IsVoiceMessage,
  };
}

/**
 * A Forward as Discord sends it: no words or files of its own, a reference of type Forward to the
 * message forwarded, and that message's words and files as a snapshot taken when it was forwarded.
 */
export function forward(fields: {
  id?: string;
  channelId?: string;
  authorId: string;
  of: APIMessage & { guild_id?: string | undefined };
}): APIMessage {
  const { of } = fields;
  return {
    ...message({ id: fields.id, channelId: fields.channelId, authorId: fields.authorId, content: "" }),
    message_reference: {
      type: MessageReferenceType.Forward,
      message_id: of.id,
      channel_id: of.channel_id,
      ...(of.guild_id && { guild_id: of.guild_id }),
    },
    message_snapshots: [
      {
        message: {
          type: of.type,
          content: of.content,
          embeds: of.embeds,
          attachments: of.attachments,
          timestamp: of.timestamp,
          edited_timestamp: of.edited_timestamp,
          ...(of.flags !== undefined && { flags: of.flags }),
          mentions: [],
          mention_roles: [],
        },
      },
    ],
  };
}

function interactionBase(userId: string) {
  const id = snowflake();
  return {
    id,
    application_id: APP_ID,
    type: InteractionType.ApplicationCommand,
    guild_id: GUILD_ID,
    channel_id: CHANNEL_ID,
    channel: { id: CHANNEL_ID, type: ChannelType.GuildText },
    member: {
      user: user(userId),
      roles: [],
      joined_at: "2025-01-01T00:00:00.000Z",
      deaf: false,
      mute: false,
      flags: 0,
      permissions: "2248473465835073",
    },
    token: `interaction-token-${id}`,
    version: 1,
    app_permissions: "2248473465835073",
    locale: Locale.EnglishUS,
    guild_locale: Locale.EnglishUS,
    entitlements: [],
    authorizing_integration_owners: {},
    context: 0,
    attachment_size_limit: 8388608,
  };
}

/** A CHAT_INPUT INTERACTION_CREATE payload, shaped as the gateway sends it. */
export function slashCommand(
  name: string,
  userId: string,
  options: APIApplicationCommandInteractionDataOption[] = [],
  resolved?: { attachments: Record<string, APIAttachment> },
) {
  return {
    ...interactionBase(userId),
    data: { id: snowflake(), name, type: ApplicationCommandType.ChatInput, options, ...(resolved && { resolved }) },
  };
}

/** A slash command sent at `iso`: Discord stamps the moment into the interaction's snowflake id. */
export function slashCommandAt(
  name: string,
  iso: string,
  userId: string,
  options: APIApplicationCommandInteractionDataOption[] = [],
) {
  return {
    ...slashCommand(name, userId, options),
    id: SnowflakeUtil.generate({ timestamp: Date.parse(iso) }).toString(),
  };
}

/** `/memory save` from `userId` with the save's options (`text`, `image`). */
export const memorySave = (
  userId: string,
  options: APIApplicationCommandInteractionDataOption[],
  resolved?: { attachments: Record<string, APIAttachment> },
) =>
  slashCommand(
    "memory",
    userId,
    [{ name: "save", type: ApplicationCommandOptionType.Subcommand, options: options as never }],
    resolved,
  );

/** `/memory search words` from `userId`. */
export const memorySearch = (userId: string, words: string) =>
  slashCommand("memory", userId, [
    {
      name: "search",
      type: ApplicationCommandOptionType.Subcommand,
      options: [{ name: "words", type: ApplicationCommandOptionType.String, value: words }],
    },
  ]);

/** `/question now` from `userId`. */
export const questionNow = (userId: string) =>
  slashCommand("question", userId, [{ name: "now", type: ApplicationCommandOptionType.Subcommand, options: [] }]);

/** `question` put in the bank, then asked with `/question now` by `userId`: the bot's answer. */
export async function askQuestion(client: Client, db: Db, question: string, userId: string) {
  seedQuestionBank(db, [question]);
  return dispatch(client, questionNow(userId));
}

/** A message context-menu INTERACTION_CREATE payload ("Save as memory" on `target`). */
export function messageMenu(name: string, userId: string, target: APIMessage) {
  return {
    ...interactionBase(userId),
    data: {
      id: snowflake(),
      name,
      type: ApplicationCommandType.Message,
      target_id: target.id,
      resolved: { messages: { [target.id]: target } },
    },
  };
}

/** Feeds an interaction through discord.js as the gateway would, and waits for its final answer. */
export async function dispatch(client: Client, payload: { id: string; token: string }): Promise<string | undefined> {
  gateway(client, "INTERACTION_CREATE", payload);
  const answer = () => {
    const edit = edits.find((e) => e.token === payload.token);
    if (edit) return edit.body.content;
    const callback = callbacks.find((c) => c.interactionId === payload.id);
    return callback && callback.body.type !== 5 ? callback.body.data?.content : undefined;
  };
  await until(() => answer() !== undefined);
  return answer();
}

/** The private-answer flags of an interaction's first callback. */
export function callbackOf(payload: { id: string }) {
  return callbacks.find((c) => c.interactionId === payload.id)?.body;
}

/**
 * A real HTTP server on 127.0.0.1 for big downloads (msw's socket interceptor trips over a
 * mocked body of several MiB). Serves each path's bytes in 64 KiB writes and counts what the
 * socket took before the client went away. The bot reaches it only with its host configured.
 */
export async function bigFiles(served: Record<string, Buffer>) {
  let sent = 0;
  const server = createServer((req, res) => {
    const bytes = served[req.url ?? ""];
    if (!bytes) return void res.writeHead(404).end();
    res.writeHead(200);
    let offset = 0;
    const writeMore = () => {
      while (offset < bytes.length) {
        const chunk = bytes.subarray(offset, offset + 65536);
        offset += chunk.length;
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", writeMore);
      }
      res.end();
    };
    res.on("close", () => {
      offset = bytes.length;
    });
    writeMore();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: (path: string) => `http://${host}${path}`,
    sent: () => sent,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        // A response the bot hung up on may not have seen its socket close yet (a loaded box):
        // closing waits for no connection.
        server.closeAllConnections();
      }),
  };
}
