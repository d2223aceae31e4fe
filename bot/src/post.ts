import { DISCORD_HISTORY_PAGE_MAX, DISCORD_MESSAGE_MAX } from "@spankbank/shared/limits";
import { type APIMessage, type Client, MessageFlags, Routes, SnowflakeUtil } from "discord.js";

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

/** Room for the bot's clock and Discord's (which stamps message ids) to differ. */
const CLOCKS_MAY_DIFFER_MS = 60_000;

/**
 * The bot's own message in a channel that `matches`, among the channel's first messages since
 * `sinceMs` (a post made unheard: its answer was lost, or the bot died waiting for it, longer ago
 * than Discord remembers a nonce); undefined when it is not there. Throws when the channel cannot
 * be read.
 */
export async function botMessageSince(
  client: Client,
  channelId: string,
  sinceMs: number,
  matches: (message: APIMessage) => boolean,
): Promise<APIMessage | undefined> {
  const first = (await client.rest.get(Routes.channelMessages(channelId), {
    query: new URLSearchParams({
      after: SnowflakeUtil.generate({ timestamp: sinceMs - CLOCKS_MAY_DIFFER_MS }).toString(),
      limit: String(DISCORD_HISTORY_PAGE_MAX),
    }),
  })) as APIMessage[];
  return first.find((message) => message.author.id === client.user?.id && matches(message));
}

/**
 * A list as one Discord message, which refuses more than DISCORD_MESSAGE_MAX characters: `head`,
 * as many whole `lines` as fit, then `tail`, or `cut(left)` in its place when some were left out.
 */
export function listInOneMessage(
  head: string,
  lines: readonly string[],
  tail: string | null,
  cut: (left: number) => string,
): string {
  for (let kept = lines.length; kept > 0; kept--) {
    const end = kept === lines.length ? tail : cut(lines.length - kept);
    const text = [head, ...lines.slice(0, kept), ...(end === null ? [] : [end])].join("\n");
    if (text.length <= DISCORD_MESSAGE_MAX) return text;
  }
  return [head, cut(lines.length)].join("\n");
}

/** A Discord timestamp: each partner reads it in their own zone. */
export function discordTime(iso: string, style: "t" | "f" | "F" | "D" | "R" = "f"): string {
  return `<t:${Math.floor(Date.parse(iso) / 1000)}:${style}>`;
}
