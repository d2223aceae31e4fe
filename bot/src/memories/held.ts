import { cleanContent, type Message, MessageReferenceType } from "discord.js";

/** What a message holds for a memory: its own words, files, flags (a voice message) and the people it mentions. */
export type Held = Pick<Message, "content" | "attachments" | "flags">;
type Mentioning = Pick<Message, "content" | "mentions">;

/**
 * What a message holds: its own words and files or, for a forward (which has none of its own),
 * those of the message forwarded, as Discord's snapshot of it keeps them. The words as Discord
 * shows them (`readable`).
 */
export function heldIn(message: Held & Mentioning & Pick<Message, "reference" | "messageSnapshots" | "channel">): Held {
  const held =
    message.reference?.type === MessageReferenceType.Forward ? (message.messageSnapshots.first() ?? message) : message;
  const content = readable({ content: held.content, mentions: held.mentions, channel: message.channel });
  return { content, attachments: held.attachments, flags: held.flags };
}

/** `<@222…>` and `<@!222…>`: a person mentioned. */
const USER_MENTION = /<@!?(\d{17,20})>/g;

/**
 * Words as Discord shows them: a mention as the person's Discord name (`@Sam`), a channel as
 * `#name`, a custom emoji as `:name:`, not their markup (`<@222…>`), which the board would show as
 * it is. A person is named from the message itself, never by a server nickname: a message read
 * back from Discord (a catch-up, the restart's recheck) brings none, and its memory must read the
 * same as when it came live. One that cannot be named stays as written, as do the words of a
 * message whose channel is not known here.
 */
export function readable(message: Mentioning & Pick<Message, "channel">): string {
  if (!message.channel) return message.content;
  const named = message.content.replace(USER_MENTION, (markup, id: string) => {
    const user = message.mentions.users.get(id);
    return user ? `@${user.displayName}` : markup;
  });
  return cleanContent(named, message.channel);
}
