import { DiscordAPIError, REST, Routes } from "discord.js";
import { commandRegistrations } from "./commands/index.js";
import { inviteUrl } from "./permissions.js";

/** Discord's "Missing Access": the bot is not in that server (not invited yet, or removed). */
const MISSING_ACCESS = 50001;

export interface DeployTarget {
  token: string;
  appId: string;
  /** The couple's server (`discord.guildId`); unset registers globally. */
  guildId?: string | undefined;
  /** The REST base (the Discord stand-in in tests); Discord's own when unset. */
  api?: string | undefined;
}

/**
 * `npm run deploy-commands`: the invite link first (the bot must be in the server before its
 * commands can be registered there), then the registration. Discord refusing with Missing Access
 * means "not invited yet": said as what to do, not as an error. Returns whether it registered.
 */
export async function deployCommands(target: DeployTarget, say: (text: string) => void): Promise<boolean> {
  const link = inviteUrl(target.appId);
  say(`Invite the bot to your server with this link (once):\n${link}`);
  say(
    'Keep the bot yours: in the Developer Portal, set Installation > Install Link to "None", then turn Bot > Public Bot off.',
  );
  const rest = new REST({
    ...(target.api && { api: target.api }),
    // Looked up at call time, so tests' msw interceptors see the call.
    makeRequest: (url, init) => globalThis.fetch(url, init as RequestInit),
  }).setToken(target.token);
  const body = commandRegistrations();
  const route = target.guildId
    ? Routes.applicationGuildCommands(target.appId, target.guildId)
    : Routes.applicationCommands(target.appId);
  try {
    await rest.put(route, { body });
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === MISSING_ACCESS) {
      say(
        `The bot is not in server ${target.guildId} yet (Discord: Missing Access). Invite the bot with this link, then run this again:\n${link}\n(A running bot registers its commands itself when it joins.)`,
      );
      return false;
    }
    throw error;
  }
  say(`Registered ${body.length} commands ${target.guildId ? `in server ${target.guildId}` : "globally"}.`);
  return true;
}
