import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

/**
 * A Discord stand-in for the end-to-end test: the REST routes the bot uses and a gateway that
 * speaks HELLO, IDENTIFY, READY (with resume_gateway_url), heartbeat ACKs, DISPATCH and RESUME.
 * The bot reaches it through `DISCORD_API_URL` alone (discord.js's `rest.api`): it asks
 * `GET /api/v10/gateway/bot` for the gateway and gets this server's own `ws://` URL. Everything
 * the bot sends is recorded for assertions. No maintained library does this (DESIGN.md 7).
 */

export interface Recorded {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export interface StandInGuild {
  id: string;
  channelIds: string[];
}

export const BOT_USER = {
  id: "900000000000000099",
  username: "spankbank",
  discriminator: "0",
  bot: true,
  avatar: null,
};
export const APP_ID = "900000000000000098";

const HEARTBEAT_INTERVAL_MS = 45_000;
/** How long Discord remembers a post's nonce ("the past few minutes"; no number is documented). */
const NONCE_KEPT_MS = 5 * 60_000;

export class DiscordStandIn {
  /** Every REST request the bot made. */
  readonly requests: Recorded[] = [];
  /** Every gateway payload the bot sent (IDENTIFY, RESUME, heartbeats). */
  readonly gatewayReceived: { op: number; d: unknown }[] = [];
  /** Files served as attachment URLs, by path (or a status code the CDN fails with). */
  readonly files = new Map<string, { bytes: Buffer; contentType: string } | number>();
  /** File downloads held until the promise settles, by path. */
  readonly heldFiles = new Map<string, Promise<void>>();
  /** How many messages each channel-history read answered, in order. */
  readonly historyPages: { channelId: string; size: number }[] = [];
  /** The file paths the bot asked for, in order. */
  readonly fileRequests: string[] = [];
  /** The commands registered in each server, as Discord lists them. */
  private readonly commands = new Map<string, Record<string, unknown>[]>();
  /** Each channel's messages, oldest first, as `GET /channels/:id/messages` pages them. */
  private readonly history = new Map<string, Record<string, unknown>[]>();
  private readonly http = createServer((req, res) => void this.answer(req, res));
  private readonly wss = new WebSocketServer({ server: this.http });
  /** How many of the next channel-history reads fail with a 500. */
  failNextHistoryReads = 0;
  /** Whether the bot has been invited to the server: until it is, its commands there are refused (403 50001). */
  botInGuild = true;
  private socket: WebSocket | null = null;
  private sequence = 0;
  private nextId = 1_100_000_000_000_000_000n;
  private readonly sessionId = "stand-in-session";
  /** Each nonce's message and when it was made: Discord answers a nonce again for "the past few minutes" only. */
  private readonly sentNonces = new Map<string, { message: Record<string, unknown>; at: number }>();

  constructor(private readonly guild: StandInGuild) {
    this.wss.on("connection", (socket) => this.onConnection(socket));
  }

  async start(): Promise<this> {
    this.http.listen(0, "127.0.0.1");
    await once(this.http, "listening");
    return this;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  /** What `DISCORD_API_URL` is set to. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  snowflake(): string {
    return String(this.nextId++);
  }

  /** Sends a DISPATCH to the connected bot. */
  dispatch(t: string, d: unknown): void {
    if (!this.socket) throw new Error("the bot is not connected to the gateway");
    this.socket.send(JSON.stringify({ op: 0, t, s: ++this.sequence, d }));
  }

  /**
   * A partner posts a message: it joins the channel's history, and the bot hears of it at once
   * when it is connected (a stopped bot finds it by reading the history when it starts).
   */
  postMessage(message: { id: string; channel_id: string } & Record<string, unknown>): void {
    this.history.set(message.channel_id, [...(this.history.get(message.channel_id) ?? []), message]);
    if (this.socket) this.dispatch("MESSAGE_CREATE", message);
  }

  /** The commands of a server deleted on Discord's side (a developer portal's, another bot's doing). */
  deleteCommands(guildId: string): void {
    this.commands.delete(guildId);
  }

  /** Drops the gateway connection as a network blip would (resumable close code). */
  dropConnection(): void {
    this.socket?.close(4000, "stand-in drops the connection");
    this.socket = null;
  }

  get connected(): boolean {
    return this.socket !== null && this.gatewayReceived.some((p) => p.op === 2 || p.op === 6);
  }

  async stop(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    this.http.closeAllConnections();
    await new Promise((resolve) => this.http.close(resolve));
  }

  private onConnection(socket: WebSocket): void {
    this.socket = socket;
    socket.on("close", () => {
      if (this.socket === socket) this.socket = null;
    });
    socket.on("message", (raw) => this.onGatewayMessage(socket, JSON.parse(String(raw)) as { op: number; d: never }));
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS } }));
  }

  private onGatewayMessage(socket: WebSocket, payload: { op: number; d: never }): void {
    this.gatewayReceived.push(payload);
    const send = (message: unknown) => socket.send(JSON.stringify(message));
    switch (payload.op) {
      case 1: // heartbeat
        send({ op: 11 });
        break;
      case 2: // identify
        send({
          op: 0,
          t: "READY",
          s: ++this.sequence,
          d: {
            v: 10,
            user: BOT_USER,
            guilds: [{ id: this.guild.id, unavailable: true }],
            session_id: this.sessionId,
            resume_gateway_url: `ws://127.0.0.1:${this.port}`,
            application: { id: APP_ID, flags: 0 },
          },
        });
        send({ op: 0, t: "GUILD_CREATE", s: ++this.sequence, d: this.guildPayload() });
        break;
      case 6: // resume: nothing was missed while away
        send({ op: 0, t: "RESUMED", s: ++this.sequence, d: {} });
        break;
    }
  }

  private guildPayload() {
    return {
      id: this.guild.id,
      name: "Us",
      owner_id: "111111111111111111",
      unavailable: false,
      member_count: 3,
      roles: [],
      members: [],
      emojis: [],
      stickers: [],
      channels: this.guild.channelIds.map((id, position) => ({
        id,
        type: 0,
        name: `channel-${position}`,
        position,
        permission_overwrites: [],
      })),
      threads: [],
    };
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", this.baseUrl).pathname;
    const body =
      text && req.headers["content-type"]?.includes("json") ? (JSON.parse(text) as Record<string, unknown>) : null;
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const file = this.files.get(path);
    if (req.method === "GET" && file !== undefined) {
      this.fileRequests.push(path);
      await this.heldFiles.get(path);
    }
    if (req.method === "GET" && typeof file === "number") {
      res.writeHead(file).end();
      return;
    }
    if (req.method === "GET" && file !== undefined && typeof file !== "number") {
      res.writeHead(200, { "content-type": file.contentType, "content-length": file.bytes.length });
      res.end(file.bytes);
      return;
    }
    this.requests.push({ method: req.method ?? "GET", path, body });
    const route = `${req.method} ${path.replace(/^\/api\/v10/, "")}`;
    if (route === "GET /gateway/bot") {
      return json(200, {
        url: `ws://127.0.0.1:${this.port}`,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      });
    }
    if (/^POST \/interactions\/\d+\/[^/]+\/callback$/.test(route)) {
      res.writeHead(204).end();
      return;
    }
    if (/^(PATCH|POST) \/webhooks\/\d+\/[^/]+(\/messages\/[^/]+)?$/.test(route)) {
      return json(200, this.message(String(body?.content ?? ""), "0"));
    }
    const history = route.match(/^GET \/channels\/(\d+)\/messages$/);
    if (history && this.failNextHistoryReads > 0) {
      this.failNextHistoryReads--;
      return json(500, { message: "Discord is having a moment", code: 0 });
    }
    if (history) {
      // Discord's paging: with `after`, the `limit` messages right after it; without, the latest; newest first.
      const query = new URL(req.url ?? "/", this.baseUrl).searchParams;
      const limit = Number(query.get("limit") ?? 50);
      const after = query.get("after");
      const all = this.history.get(history[1]!) ?? [];
      const page = after ? all.filter((m) => BigInt(String(m.id)) > BigInt(after)).slice(0, limit) : all.slice(-limit);
      this.historyPages.push({ channelId: history[1]!, size: page.length });
      return json(200, [...page].reverse());
    }
    // No threads are opened in the stand-in's server: none active, none archived.
    if (/^GET \/guilds\/\d+\/threads\/active$/.test(route)) return json(200, { threads: [], members: [] });
    if (/^GET \/channels\/\d+\/threads\/archived\/public$/.test(route)) {
      return json(200, { threads: [], members: [], has_more: false });
    }
    const channelPost = route.match(/^POST \/channels\/(\d+)\/messages$/);
    if (channelPost) {
      // Discord's enforce_nonce: the same nonce in a channel within a few minutes answers the message already made.
      const key = `${channelPost[1]}:${body?.nonce}`;
      const existing = body?.nonce ? this.sentNonces.get(key) : undefined;
      if (existing && Date.now() - existing.at < NONCE_KEPT_MS) return json(200, existing.message);
      const message = this.message(String(body?.content ?? ""), channelPost[1]!);
      if (body?.nonce) this.sentNonces.set(key, { message, at: Date.now() });
      return json(200, message);
    }
    if (/^PUT \/channels\/\d+\/messages\/\d+\/reactions\/[^/]+\/@me$/.test(route)) {
      res.writeHead(204).end();
      return;
    }
    const commands = route.match(/^(PUT|GET) \/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/);
    if (commands) {
      const [, method, appId, guildId = "global"] = commands;
      if (guildId !== "global" && !this.botInGuild) return json(403, { message: "Missing Access", code: 50001 });
      if (method === "GET") return json(200, this.commands.get(guildId) ?? []);
      const listed = (body as unknown as Record<string, unknown>[]).map((command) => ({
        id: this.snowflake(),
        application_id: appId,
        ...(guildId !== "global" && { guild_id: guildId }),
        version: this.snowflake(),
        type: 1,
        nsfw: false,
        ...command,
      }));
      this.commands.set(guildId, listed);
      return json(200, listed);
    }
    json(404, { message: `The stand-in does not know ${route}`, code: 0 });
  }

  private message(content: string, channelId: string): Record<string, unknown> {
    return {
      id: this.snowflake(),
      channel_id: channelId,
      author: BOT_USER,
      content,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
    };
  }

  /** The messages the bot posted in a channel (each once). */
  postedIn(channelId: string): string[] {
    return this.requests
      .filter((r) => r.method === "POST" && r.path === `/api/v10/channels/${channelId}/messages`)
      .map((r) => String(r.body?.content));
  }

  /** The final answer the bot gave an interaction (its callback, or the edit of a deferred one). */
  answerTo(interaction: { id: string; token: string }): string | undefined {
    const edit = this.requests.find(
      (r) => r.method === "PATCH" && r.path.includes(`/webhooks/${APP_ID}/${interaction.token}/`),
    );
    if (edit) return String(edit.body?.content);
    const callback = this.requests.find((r) => r.path.startsWith(`/api/v10/interactions/${interaction.id}/`));
    const data = callback?.body as { type?: number; data?: { content?: string } } | undefined;
    return data && data.type !== 5 ? data.data?.content : undefined;
  }
}
