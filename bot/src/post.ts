import { type APIMessage, type Client, MessageFlags, Routes } from "discord.js";

export interface Post {
  content: string;
  /**
   * Discord keeps one message per channel and nonce for a few minutes (`enforce_nonce`), so
   * sending the same post again after a crash or from a second process does not post it twice.
   */
  nonce: string;
  /** Users the message may ping; nobody else is pinged. */
  mentionUserIds?: string[];
  /** Posted as a reply to this message. */
  replyTo?: string;
  /** Posted without a notification (quiet hours: the recipient is asleep). */
  silent?: boolean;
}

/** Posts a message in a channel over REST (no cache needed) and returns its id. */
export async function postMessage(client: Client, channelId: string, post: Post): Promise<string> {
  const message = (await client.rest.post(Routes.channelMessages(channelId), {
    body: {
      content: post.content,
      nonce: post.nonce,
      enforce_nonce: true,
      allowed_mentions: { parse: [], users: post.mentionUserIds ?? [] },
      ...(post.replyTo && { message_reference: { message_id: post.replyTo, fail_if_not_exists: false } }),
      ...(post.silent && { flags: MessageFlags.SuppressNotifications }),
    },
  })) as APIMessage;
  return message.id;
}

/** A Discord timestamp: each partner reads it in their own zone. */
export function discordTime(iso: string, style: "t" | "f" | "F" | "D" | "R" = "f"): string {
  return `<t:${Math.floor(Date.parse(iso) / 1000)}:${style}>`;
}
