import { type Message, MessageReferenceType } from "discord.js";

/** What a message holds for a memory: its words, its files, and its flags (a voice message). */
export type Held = Pick<Message, "content" | "attachments" | "flags">;

/**
 * What a message holds: its own words and files or, for a forward (which has none of its own),
 * those of the message forwarded, as Discord's snapshot of it keeps them.
 */
export function heldIn(message: Held & Pick<Message, "reference" | "messageSnapshots">): Held {
  if (message.reference?.type !== MessageReferenceType.Forward) return message;
  return message.messageSnapshots.first() ?? message;
}
