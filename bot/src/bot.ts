import { Client, Events, GatewayDispatchEvents, GatewayIntentBits, Partials } from "discord.js";
import type { BotContext } from "./context.js";
import { keepCatchingUp } from "./events/catchUp.js";
import { onInteractionCreate } from "./events/interactionCreate.js";
import { onMessageBulkDelete, onMessageCreate, onMessageDelete, onMessageUpdate } from "./events/messages.js";
import { logError } from "./logging.js";
import { registerCommandsIfChanged } from "./registerCommands.js";
import { isStopping, track } from "./workInProgress.js";

export interface BotOptions {
  /** The REST base, e.g. `http://127.0.0.1:4000/api` for the Discord stand-in; Discord's own when unset. */
  api?: string;
  /** Waits between failed catch-ups (CATCH_UP_RETRY_DELAYS_MS unless told; tests wait less). */
  catchUpRetryDelaysMs?: readonly number[];
}

/**
 * The Discord client with every handler attached, not logged in yet: `start.ts` logs in, tests
 * set a token and feed it raw gateway payloads. A failing handler is logged; the bot goes on.
 * Handlers running are tracked, so a stop waits for them (workInProgress.ts).
 * The gateway's life (errors, disconnects, reconnects, resumes) is logged too.
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
      // A stopping bot starts nothing new: a message it did not handle is read at the next start.
      if (isStopping(context)) return;
      track(context, handler(...args, context)).catch((error: unknown) => logError(`${what} failed`, error));
    };
  client.on(Events.InteractionCreate, guarded("Interaction", onInteractionCreate));
  client.on(Events.MessageCreate, guarded("New message", onMessageCreate));
  client.on(
    Events.MessageUpdate,
    guarded("Edited message", (_old, updated, ctx) => onMessageUpdate(updated, ctx)),
  );
  client.on(Events.MessageDelete, guarded("Deleted message", onMessageDelete));
  client.on(
    Events.MessageBulkDelete,
    guarded("Deleted messages", (messages, _channel, ctx) => onMessageBulkDelete(messages, ctx)),
  );
  // Every new session (the first, and any after a reconnect Discord could not resume) reads what
  // was posted while the bot was not listening, tried again until it succeeds; a resumed session
  // had everything replayed.
  client.on(Events.ShardReady, () => {
    keepCatchingUp(client, context, options.catchUpRetryDelaysMs).catch((error: unknown) =>
      logError("Catching up failed", error),
    );
  });
  // Invited after it started: the commands are registered there now, not at the next start.
  client.on(
    Events.GuildCreate,
    guarded("Joining a server", async (guild, ctx) => {
      if (guild.id !== ctx.config.discord.guildId) {
        console.log(
          `The bot was added to server ${guild.id}, which is not discord.guildId in the couple config: it works only in ${ctx.config.discord.guildId ?? "the configured server"}.`,
        );
        return;
      }
      await registerCommandsIfChanged(client, ctx);
    }),
  );
  client.once(Events.ClientReady, (ready) => console.log(`Discord bot signed in as ${ready.user.tag}`));
  client.on(Events.Error, (error) => logError("Discord client error", error));
  client.on(Events.ShardError, (error) => logError("Discord gateway error", error));
  client.on(Events.ShardDisconnect, (event) =>
    console.error(`Discord gateway closed for good (code ${event.code}); the bot must be restarted.`),
  );
  client.on(Events.ShardReconnecting, () => console.log("Discord gateway connection lost; reconnecting."));
  client.ws.on(GatewayDispatchEvents.Resumed, () => console.log("Discord gateway resumed: nothing was missed."));
  return client;
}
