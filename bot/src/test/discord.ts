import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { demoCouple } from "@spankbank/shared/demoCouple";
import type { Client } from "discord.js";
import {
  type APIApplicationCommandInteractionDataOption,
  type APIChatInputApplicationCommandInteraction,
  ApplicationCommandType,
  ChannelType,
  type GuildMemberFlags,
  InteractionType,
  Locale,
} from "discord-api-types/v10";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createBot } from "../bot.js";

export const GUILD_ID = "900000000000000001";
export const CHANNEL_ID = "900000000000000002";
export const APP_ID = "900000000000000003";

/** Every interaction callback the bot sent, as Discord would have received it. */
export const callbacks: {
  interactionId: string;
  body: { type: number; data?: { content?: string; flags?: number } };
}[] = [];

export const discord = setupServer(
  http.post("https://discord.com/api/v10/interactions/:id/:token/callback", async ({ request, params }) => {
    callbacks.push({ interactionId: String(params.id), body: (await request.json()) as never });
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => discord.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  discord.resetHandlers();
  callbacks.length = 0;
});
afterAll(() => discord.close());

/** A real client on a real temp database, with a token set instead of a gateway login. */
export function botOnTempDb() {
  const db = openDb(join(mkdtempSync(join(tmpdir(), "spankbank-bot-")), "bot.db"));
  syncCouple(db, demoCouple);
  const client = createBot({ db, config: demoCouple });
  client.token = "test-token";
  client.rest.setToken("test-token");
  return { client, db };
}

let nextId = 1_000_000_000_000_000_000n;

/** A CHAT_INPUT INTERACTION_CREATE payload, shaped as the gateway sends it. */
export function slashCommand(
  name: string,
  userId: string,
  options: APIApplicationCommandInteractionDataOption[] = [],
): APIChatInputApplicationCommandInteraction {
  const id = String(nextId++);
  const user = { id: userId, username: `user${userId.slice(-4)}`, discriminator: "0", global_name: null, avatar: null };
  return {
    id,
    application_id: APP_ID,
    type: InteractionType.ApplicationCommand,
    data: { id: String(nextId++), name, type: ApplicationCommandType.ChatInput, options },
    guild_id: GUILD_ID,
    channel_id: CHANNEL_ID,
    channel: { id: CHANNEL_ID, type: ChannelType.GuildText },
    member: {
      user,
      roles: [],
      joined_at: "2025-01-01T00:00:00.000Z",
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
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
  } as APIChatInputApplicationCommandInteraction;
}

/** Feeds a raw payload through discord.js as the gateway would, and waits for the replies. */
export async function dispatch(client: Client, payload: APIChatInputApplicationCommandInteraction): Promise<void> {
  const before = callbacks.length;
  (
    client as unknown as { actions: { InteractionCreate: { handle: (d: unknown) => void } } }
  ).actions.InteractionCreate.handle(payload);
  for (let i = 0; i < 100 && callbacks.length === before; i++) await new Promise((r) => setTimeout(r, 10));
}
