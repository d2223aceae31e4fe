import { Client, Events, GatewayIntentBits } from "discord.js";
import type { BotContext } from "./context.js";
import { onInteractionCreate } from "./events/interactionCreate.js";

/**
 * The Discord client with every handler attached, not logged in yet: `start.ts` logs in, tests
 * set a token and feed it raw gateway payloads.
 */
export function createBot(context: BotContext): Client {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
    // Looked up at call time, so tests' msw interceptors see every REST call.
    rest: { makeRequest: (url, init) => globalThis.fetch(url, init as RequestInit) },
  });
  client.on(Events.InteractionCreate, (interaction) => {
    onInteractionCreate(interaction, context).catch((error: unknown) => console.error("interaction failed", error));
  });
  client.once(Events.ClientReady, (ready) => console.log(`Discord bot signed in as ${ready.user.tag}`));
  return client;
}
