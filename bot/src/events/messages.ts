import { inTransaction } from "@spankbank/db/client";
import { userByDiscordId } from "@spankbank/db/couple";
import { markMessageHandled } from "@spankbank/db/discordCursors";
import { Refusal } from "@spankbank/db/errors";
import { editMemoryFromDiscord, hasMemoryFromDiscord, removeMemoryFromDiscord } from "@spankbank/db/memories";
import { giveAnswer, questionIdByDiscordMessage } from "@spankbank/db/questions";
import { DAY_MS } from "@spankbank/shared/calendar";
import { DISCORD_HISTORY_PAGE_MAX, RECHECKED_MEMORY_DAYS } from "@spankbank/shared/limits";
import {
  type Client,
  DiscordAPIError,
  type Message,
  MessageReferenceType,
  type PartialMessage,
  RESTJSONErrorCodes,
} from "discord.js";
import type { BotContext } from "../context.js";
import { missingNote, refusedNote } from "../images.js";
import { logError } from "../logging.js";
import { forgetRemovedAttachments, memoryFromMessage } from "../memories/fromMessage.js";
import { heldIn, readable } from "../memories/held.js";
import { questionOfUnrecordedPost } from "../questions/post.js";
import { isQuestionThread, recentQuestionThreads } from "../questions/threads.js";
import { noteDeleted } from "../workInProgress.js";

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
  "Answers stay sealed until you have both answered, so I did not take this reply: delete it and use `/answer`, which keeps yours private until the reveal.";

/**
 * Discord's refusals of a reaction or a note that no retry changes: the bot may not react or write
 * there (any more), the thread is archived or locked, the message or its channel is gone.
 */
const REFUSED_FOR_GOOD = new Set<number | string>([
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.UnknownMessage,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
  RESTJSONErrorCodes.InvalidActionOnArchivedThread,
  RESTJSONErrorCodes.ReactionWasBlocked,
  RESTJSONErrorCodes.CannotReplyWithoutPermissionToReadMessageHistory,
  RESTJSONErrorCodes.ThreadLocked,
]);

/**
 * A reaction or a note on a partner's message, which Discord may refuse for good: that is logged and
 * the message still counts as handled, or every catch-up would try it again and never read past it.
 */
async function acknowledge(message: Pick<Message, "id">, what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof DiscordAPIError && REFUSED_FOR_GOOD.has(error.code))) throw error;
    logError(`Discord refused the bot's ${what} on message ${message.id}`, error);
  }
}

const react = (message: Pick<Message, "id" | "react">, emoji: string) =>
  acknowledge(message, emoji, () => message.react(emoji));

const note = (message: Message, content: string) =>
  acknowledge(message, "note", () => message.reply({ content, allowedMentions: { parse: [] } }));

/** The channels the bot reads messages in (and catches up on after a restart). */
export function readChannels({ config }: BotContext): string[] {
  const { memoriesChannelId, questionsChannelId } = config.discord;
  return [...new Set([memoriesChannelId, questionsChannelId].filter((id): id is string => Boolean(id)))];
}

/**
 * A new message: a reply to a question's message is an answer; any other in the memories channel
 * becomes a memory. Everything else, and everyone else, is left alone. Once handled it is marked so
 * (a catch-up passes over it); a message whose handling failed or never finished is not, and the
 * next catch-up handles it.
 */
export async function onMessageCreate(message: Message, context: BotContext): Promise<void> {
  const author = partnerAuthor(message, context);
  if (author) {
    if (isMemoriesPost(message, context)) {
      await saveMemoryMessage(message, author, context);
    } else {
      await answerByReply(message, author, context);
    }
  }
  // A question's thread is caught up on too: a reply there refused live (sealed) is not refused twice.
  if (readChannels(context).includes(message.channelId) || isQuestionThread(message.channelId, context)) {
    markMessageHandled(context.db, message.channelId, message.id);
  }
}

async function saveMemoryMessage(
  message: Message,
  author: NonNullable<ReturnType<typeof partnerAuthor>>,
  context: BotContext,
): Promise<void> {
  const { memory, refused, missing, refusal, maxBytes } = await memoryFromMessage(message, author, context);
  if (memory) await react(message, SAVED_REACTION);
  const notes = [
    ...(refused.length > 0 ? [refusedNote(refused, maxBytes)] : []),
    // The text itself was refused (control characters...): say why, unless the images already did.
    ...(refusal && (refused.length === 0 || heldIn(message).content.trim() !== "") ? [refusal.message] : []),
    ...(missing.length > 0 ? [missingNote(missing)] : []),
  ];
  if (refused.length > 0 || refusal) await react(message, REFUSED_REACTION);
  if (notes.length > 0) await note(message, notes.join("\n"));
}

/**
 * A post in the memories channel that makes a memory: any but a reply to a question's post (the
 * couple may give questions the memories channel too). Only questions recorded here are looked up:
 * most replies there are to memories, and each would otherwise be a read from Discord.
 */
function isMemoriesPost(message: Partial<Pick<Message, "channelId" | "reference">>, context: BotContext): boolean {
  if (message.channelId !== context.config.discord.memoriesChannelId) return false;
  const repliedToId = repliedTo(message);
  return repliedToId === undefined || questionIdByDiscordMessage(context.db, repliedToId) === null;
}

/** The message this one replies to: a forward names the message it carries, but answers nothing. */
function repliedTo(message: Partial<Pick<Message, "reference">>): string | undefined {
  const reference = message.reference;
  return reference && reference.type !== MessageReferenceType.Forward ? reference.messageId : undefined;
}

async function answerByReply(
  message: Message,
  author: NonNullable<ReturnType<typeof partnerAuthor>>,
  context: BotContext,
): Promise<void> {
  const questionMessageId = repliedTo(message);
  if (!questionMessageId) return;
  const questionId =
    questionIdByDiscordMessage(context.db, questionMessageId) ?? (await questionOfUnrecordedPost(message, context));
  if (questionId === null) return;
  if (context.config.questions.revealAfterBothAnswered) {
    // A reply is public: with sealed answers it would show before the reveal, so it is not taken.
    await react(message, SEALED_REACTION);
    await note(message, SEALED_NOTE);
    return;
  }
  try {
    // Marked handled with the answer, before any call to Discord: a catch-up after a failed ✅
    // would give this reply again, over an answer changed since with /answer or on the web.
    const given = inTransaction(context.db, () => {
      const answer = giveAnswer(
        context.db,
        // A reply read at a catch-up may be older than an answer given since (on the web): that one stays.
        {
          userId: author.id,
          questionId,
          response: readable(message),
          writtenAt: message.editedAt ?? message.createdAt,
        },
        context.config.economy,
      );
      markMessageHandled(context.db, message.channelId, message.id);
      return answer;
    });
    if (!given.unchanged) await react(message, ANSWERED_REACTION);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await note(message, error.message);
  }
}

/**
 * An edited message edits the memory made from it (its words and photos), or the answer an edited
 * reply to a question gave; a post in the memories channel the bot refused is tried again.
 */
export async function onMessageUpdate(
  message: AnyMessage &
    Pick<
      Message,
      | "content"
      | "mentions"
      | "channel"
      | "channelId"
      | "reference"
      | "editedAt"
      | "attachments"
      | "flags"
      | "messageSnapshots"
      | "fetch"
      | "react"
    >,
  context: BotContext,
): Promise<void> {
  const author = partnerAuthor(message, context);
  // A partial message (an update Discord sent without its words) says nothing of them or its files.
  if (!author || message.content === null) return;
  if (isMemoriesPost(message, context) && !hasMemoryFromDiscord(context.db, message.id)) {
    await saveRefusedPostEdited(message, author, context);
    return;
  }
  const held = heldIn(message);
  // A photo taken out of the message in Discord leaves its memory (before the words, which say
  // whether the memory still has images).
  await forgetRemovedAttachments(message.id, held, context);
  try {
    editMemoryFromDiscord(context.db, message.id, held.content);
    // A reply refused (too long) and fixed by this edit is the answer now: it says so as a new one does.
    if (answerEdited(message, readable(message), author, context)) {
      await react(message, ANSWERED_REACTION);
    }
  } catch (error) {
    // Edited down to nothing (or refused): the memory or the answer keeps its last words.
    if (!(error instanceof Refusal)) throw error;
  }
}

/**
 * A post the bot refused (it carries the bot's 🚫 and made no memory: too long, or only a file it
 * does not keep), edited: the partner fixed it, so it is taken as if posted now. Once it makes a
 * memory it gets its 💞, and the 🚫 goes unless files were left out again (their note still holds).
 * Still refused, it keeps its 🚫 and note, with no new note at every edit. A post with no 🚫 was
 * never refused (written before the bot, or its memory purged from the trash): an edit leaves it.
 */
async function saveRefusedPostEdited(
  edited: Pick<Message, "fetch">,
  author: NonNullable<ReturnType<typeof partnerAuthor>>,
  context: BotContext,
): Promise<boolean> {
  // Read back from Discord: only its answer says which reactions are the bot's own (`me`).
  const message = await edited.fetch(true);
  const ownReaction = (emoji: string) => message.reactions.cache.find((r) => r.emoji.name === emoji && r.me);
  const refusedMark = ownReaction(REFUSED_REACTION);
  if (!refusedMark || ownReaction(SAVED_REACTION)) return false;
  const { memory, refused } = await memoryFromMessage(message, author, context);
  if (!memory) return false;
  await react(message, SAVED_REACTION);
  if (refused.length === 0) {
    await acknowledge(message, `removal of ${REFUSED_REACTION}`, () => refusedMark.users.remove());
  }
  return true;
}

/**
 * A refused post edited while the bot was not listening reached it as no event: the latest page of
 * the memories channel is read back, and each edited post of the last RECHECKED_MEMORY_DAYS that
 * made no memory is tried again as a live edit is (`saveRefusedPostEdited`). A channel that cannot
 * be read now changes nothing. Returns how many became memories.
 */
export async function recheckRefusedPosts(client: Client, context: BotContext, now = new Date()): Promise<number> {
  const channelId = context.config.discord.memoriesChannelId;
  if (!channelId) return 0;
  const since = now.getTime() - RECHECKED_MEMORY_DAYS * DAY_MS;
  let made = 0;
  try {
    const channel = await client.channels.fetch(channelId);
    if (!channel?.isTextBased() || !("messages" in channel)) return 0;
    for (const message of (await channel.messages.fetch({ limit: DISCORD_HISTORY_PAGE_MAX })).values()) {
      if (message.editedTimestamp === null || message.createdTimestamp < since) continue;
      const author = partnerAuthor(message, context);
      if (!author || !isMemoriesPost(message, context) || hasMemoryFromDiscord(context.db, message.id)) continue;
      if (await saveRefusedPostEdited(message, author, context)) made++;
    }
  } catch (error) {
    logError("Reading the refused memory posts again failed (tried at the next start)", error);
  }
  return made;
}

/**
 * A reply taken as an answer, edited: the answer becomes its new words (unless answers are sealed,
 * when none was taken). An update that is no edit of its words (a pin, a link's preview) changes
 * nothing, and an edit older than the answer given since (on the web, with /answer) leaves it.
 */
function answerEdited(
  message: Partial<Pick<Message, "channelId" | "reference" | "editedAt">>,
  response: string,
  author: NonNullable<ReturnType<typeof partnerAuthor>>,
  context: BotContext,
): boolean {
  const questionMessageId = repliedTo(message);
  // The rule answerByReply follows: a reply to a question's post, wherever it was written (the
  // channel, a thread opened on the question, or the memories channel when questions are asked there).
  if (!questionMessageId) return false;
  if (context.config.questions.revealAfterBothAnswered) return false;
  if (!message.editedAt) return false;
  const questionId = questionIdByDiscordMessage(context.db, questionMessageId);
  if (questionId === null) return false;
  const given = giveAnswer(
    context.db,
    { userId: author.id, questionId, response, writtenAt: message.editedAt },
    context.config.economy,
  );
  return !given.unchanged;
}

/**
 * A reply taken as an answer and edited while the bot was not listening reached it as no event:
 * the latest page of the questions channel and of each recent thread opened on a question (the
 * same RECHECKED_MEMORY_DAYS as the memories') is read back, and each edited reply taken as a live
 * edit is (an edit older than an answer given since leaves that one). A channel that cannot be
 * read now changes nothing. Returns how many answers changed.
 */
export async function recheckRecentReplies(client: Client, context: BotContext, now = new Date()): Promise<number> {
  const channelId = context.config.discord.questionsChannelId;
  if (!channelId || context.config.questions.revealAfterBothAnswered) return 0;
  const since = now.getTime() - RECHECKED_MEMORY_DAYS * DAY_MS;
  let changed = 0;
  try {
    const channel = await client.channels.fetch(channelId);
    if (!channel?.isTextBased() || !("messages" in channel)) return 0;
    const messages = [...(await channel.messages.fetch({ limit: DISCORD_HISTORY_PAGE_MAX })).values()];
    for (const thread of await recentQuestionThreads(client, context, now)) {
      messages.push(...(await thread.messages.fetch({ limit: DISCORD_HISTORY_PAGE_MAX })).values());
    }
    // Oldest edit first: of two edits to one answer, the later one stays.
    const edited = messages
      .filter((message) => message.editedTimestamp !== null && message.createdTimestamp >= since)
      .sort((a, b) => a.editedTimestamp! - b.editedTimestamp!);
    for (const message of edited) {
      const author = partnerAuthor(message, context);
      if (!author) continue;
      try {
        if (answerEdited(message, readable(message), author, context)) changed++;
      } catch (error) {
        // Edited down to nothing (or refused): the answer keeps its last words, as a live edit does.
        if (!(error instanceof Refusal)) throw error;
      }
    }
  } catch (error) {
    logError("Reading the question replies again failed (tried at the next start)", error);
  }
  return changed;
}

/** A deleted message removes the memory made from it. */
export async function onMessageDelete(message: Pick<AnyMessage, "id">, context: BotContext): Promise<void> {
  noteDeleted(context, message.id);
  removeMemoryFromDiscord(context.db, message.id);
}

/** Messages deleted together (a moderator's bulk delete) remove their memories, each of them. */
export async function onMessageBulkDelete(
  messages: ReadonlyMap<string, Pick<AnyMessage, "id">>,
  context: BotContext,
): Promise<void> {
  for (const id of messages.keys()) {
    noteDeleted(context, id);
    removeMemoryFromDiscord(context.db, id);
  }
}
