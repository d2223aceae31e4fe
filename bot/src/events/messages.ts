import { userByDiscordId } from "@spankbank/db/couple";
import { Refusal } from "@spankbank/db/errors";
import { editMemoryFromDiscord, removeMemoryFromDiscord } from "@spankbank/db/memories";
import { answerQuestion, questionIdByDiscordMessage } from "@spankbank/db/questions";
import type { Message, PartialMessage } from "discord.js";
import type { BotContext } from "../context.js";
import { refusedNote } from "../images.js";
import { memoryFromMessage } from "../memories/fromMessage.js";

export const SAVED_REACTION = "💞";
export const ANSWERED_REACTION = "✅";
export const REFUSED_REACTION = "🚫";

/** What an edit or deletion tells about a message (partial when it was sent before the bot started). */
type AnyMessage = Pick<Message | PartialMessage, "id" | "author" | "system" | "content">;

/** The partner who wrote a message; null for bots, system messages and anyone else. */
function partnerAuthor(message: AnyMessage, { db }: BotContext) {
  if (!message.author || message.author.bot || message.system) return null;
  return userByDiscordId(db, message.author.id) ?? null;
}

const SEALED_REACTION = "🤫";
export const SEALED_NOTE =
  "Answers stay sealed until you have both answered: use `/answer` so yours stays private until the reveal.";

/**
 * A new message: in the memories channel it becomes a memory; a reply to a question's message
 * is an answer. Everything else, and everyone else, is left alone.
 */
export async function onMessageCreate(message: Message, context: BotContext): Promise<void> {
  const author = partnerAuthor(message, context);
  if (!author) return;
  if (message.channelId === context.config.discord.memoriesChannelId) {
    const { memory, refused } = await memoryFromMessage(message, author, context).catch((error: unknown) => {
      // A message with neither text nor a kept image makes no memory.
      if (error instanceof Refusal) return { memory: null, refused: [] as string[] };
      throw error;
    });
    if (memory) await message.react(SAVED_REACTION);
    if (refused.length > 0) {
      await message.react(REFUSED_REACTION);
      await message.reply({ content: refusedNote(refused), allowedMentions: { parse: [] } });
    }
    return;
  }
  const questionMessageId = message.reference?.messageId;
  const questionId = questionMessageId ? questionIdByDiscordMessage(context.db, questionMessageId) : null;
  if (questionId === null) return;
  if (context.config.questions.revealAfterBothAnswered) {
    // A reply is public: with sealed answers it would show before the reveal, so it is not taken.
    await message.react(SEALED_REACTION);
    await message.reply({ content: SEALED_NOTE, allowedMentions: { parse: [] } });
    return;
  }
  try {
    answerQuestion(context.db, { userId: author.id, questionId, response: message.content }, context.config.economy);
    await message.react(ANSWERED_REACTION);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await message.reply({ content: error.message, allowedMentions: { parse: [] } });
  }
}

/** An edited message edits the memory made from it. */
export async function onMessageUpdate(message: AnyMessage, context: BotContext): Promise<void> {
  if (!partnerAuthor(message, context) || message.content === null) return;
  try {
    editMemoryFromDiscord(context.db, message.id, message.content);
  } catch (error) {
    // Edited down to nothing: the memory keeps its last words.
    if (!(error instanceof Refusal)) throw error;
  }
}

/** A deleted message removes the memory made from it. */
export async function onMessageDelete(message: AnyMessage, context: BotContext): Promise<void> {
  removeMemoryFromDiscord(context.db, message.id);
}
