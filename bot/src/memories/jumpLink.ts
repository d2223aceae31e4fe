import type { Client, Message } from "discord.js";

/** A jump URL's channel and message: `https://discord.com/channels/<guild>/<channel>/<message>`. */
const JUMP_URL = /\/channels\/(?:\d+|@me)\/(\d+)\/(\d+)$/;

/** Where a memory's jump link points. */
export interface MessagePlace {
  channelId: string;
  messageId: string;
}

/** The channel and message a memory's jump link names; null for none (a `/memory` has no message). */
export function placeOf(discordUrl: string | null): MessagePlace | null {
  const match = discordUrl?.match(JUMP_URL);
  return match ? { channelId: match[1]!, messageId: match[2]! } : null;
}

/**
 * The message at `place`, read again from Discord as it is now (force: a cached copy holds old
 * words and expired links); null when its channel holds no messages. Discord's refusals are thrown.
 */
export async function messageAt(client: Client, place: MessagePlace): Promise<Message | null> {
  const channel = await client.channels.fetch(place.channelId);
  if (!channel?.isTextBased() || !("messages" in channel)) return null;
  return channel.messages.fetch({ message: place.messageId, force: true });
}
