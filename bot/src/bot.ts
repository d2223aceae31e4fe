import { Client, Events, GatewayIntentBits, Partials } from "discord.js";
import type { BotContext } from "./context.js";
import { onInteractionCreate } from "./events/interactionCreate.js";
import { onMessageCreate, onMessageDelete, onMessageUpdate } from "./events/messages.js";

export interface BotOptions {
  /** The REST base, e.g. `http://127.0.0.1:4000/api` for the Discord stand-in; Discord's own when unset. */
  api?: string;
}

/**
 * The Discord client with every handler attached, not logged in yet: `start.ts` logs in, tests
 * set a token and feed it raw gateway payloads. A failing handler is logged; the bot goes on.
 */
export function createBot(context: BotContext, options: BotOptions = {}): Client {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
    // Edits and deletions of messages sent before the bot started arrive as partial messages.
    partials: [Partials.Message],
    rest: {
      ...(options.api && { api: options.api }),
      // Looked up at call time, so tests' msw interceptors see every REST call.
      makeRequest: (url, init) => globalThis.fetch(url, init as RequestInit),
    },
  });
  const guarded =
    <Args extends unknown[]>(what: string, handler: (...args: [...Args, BotContext]) => Promise<void>) =>
    (...args: Args) => {
      handler(...args, context).catch((error: unknown) => console.error(`${what} failed:`, error));
    };
  client.on(Events.InteractionCreate, guarded("Interaction", onInteractionCreate));
  client.on(Events.MessageCreate, guarded("New message", onMessageCreate));
  client.on(
    Events.MessageUpdate,
    guarded("Edited message", (_old, updated, ctx) => onMessageUpdate(updated, ctx)),
  );
  client.on(Events.MessageDelete, guarded("Deleted message", onMessageDelete));
  client.once(Events.ClientReady, (ready) => console.log(`Discord bot signed in as ${ready.user.tag}`));
  return client;
}
