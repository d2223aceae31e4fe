import { PermissionFlagsBits } from "discord.js";

/**
 * Exactly what the bot does in a channel: see it, read the memories and replies in it (and the
 * messages "Save as memory" is used on), post questions and announcements, and react to
 * acknowledge a memory or an answer.
 */
export const BOT_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.AddReactions;

/** The link that adds the bot to a server with those permissions and its commands. */
export function inviteUrl(appId: string): string {
  const query = new URLSearchParams({
    client_id: appId,
    scope: "bot applications.commands",
    permissions: BOT_PERMISSIONS.toString(),
  });
  return `https://discord.com/oauth2/authorize?${query}`;
}
