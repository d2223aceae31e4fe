import { PermissionFlagsBits } from "discord.js";

/**
 * Exactly what the bot does in a channel: see it, read the memories and replies in it (and the
 * messages "Save as memory" is used on, and its own posts again after a crash, so none goes out
 * twice), post questions and announcements, react to acknowledge a memory or an answer, and
 * answer a reply in a thread opened on a question with its note (sealed, or too long).
 */
export const BOT_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
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
