import { cleanContent, type Message, MessageReferenceType } from "discord.js";

/** What a message holds for a memory: its words, its files, and its flags (a voice message). */
export type Held = Pick<Message, "content" | "attachments" | "flags">;

/**
 * What a message holds: its own words and files or, for a forward (which has none of its own),
 * those of the message forwarded, as Discord's snapshot of it keeps them. The words as Discord
 * shows them (`readable`).
 */
export function heldIn(message: Held & Pick<Message, "reference" | "messageSnapshots" | "channel">): Held {
  const held =
    message.reference?.type === MessageReferenceType.Forward ? (message.messageSnapshots.first() ?? message) : message;
  return { content: readable(held.content, message), attachments: held.attachments, flags: held.flags };
}

/**
 * Words as Discord shows them: a mention as the name it shows (`@Sam`), a channel as `#name`, a
 * custom emoji as `:name:`, not their markup (`<@222…>`), which the board would show as it is.
 * discord.js names them from what the message brought (its mentions); one it cannot name stays as
 * written, as do the words of a message whose channel is not known here.
 */
export function readable(words: string, message: Pick<Message, "channel">): string {
  return message.channel ? cleanContent(words, message.channel) : words;
}
