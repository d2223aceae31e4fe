import { partnersWithDays } from "@spankbank/db/partnerDays";
import { adoptQuestionPost, type QuestionToPost, recordQuestionMessage } from "@spankbank/db/questions";
import { type Client, DiscordAPIError, type Message, RESTJSONErrorCodes } from "discord.js";
import type { BotContext } from "../context.js";
import { silentForBoth } from "../outbox/quietHours.js";
import { botMessageSince, postMessage } from "../post.js";

/** How to answer, saying only what works in the current mode (a public reply is refused while sealed). */
export function howToAnswer({ config }: BotContext): string {
  return config.questions.revealAfterBothAnswered
    ? "Answer with `/answer`: answers stay sealed until you have both answered."
    : "Answer with `/answer` or reply to this message.";
}

/** How every question's post starts, whatever its question. */
const QUESTION_POST_START = "💌 **Question for you two**\n";
/** The start of a question's post: the question itself, whatever the mode. */
const questionHeading = (question: QuestionToPost) => `${QUESTION_POST_START}${question.text}\n\n`;
/** The message a question is posted as. */
const questionPost = (context: BotContext, question: QuestionToPost) =>
  `${questionHeading(question)}${howToAnswer(context)}`;

/** How long a post can have been on its way (discord.js's tries). */
const POST_TRIES_MS = 4 * 60_000;

/**
 * After a post that may have been made unheard (its answer was lost, or the bot died waiting for
 * it): whether Discord took it, read from the channel's first messages since the post was first
 * tried (`triedSince`; the last few minutes unless told). Then its message is recorded, so replies
 * to it count as answers, and its id returned; undefined when it is not there. Throws when the
 * channel cannot be read.
 */
export async function questionPostedAfterAll(
  client: Client,
  context: BotContext,
  question: QuestionToPost,
  channelId: string,
  triedSince?: string,
): Promise<string | undefined> {
  // Only a post made since this one was tried: an earlier asking of the same bank question is not it.
  const since = triedSince ? Date.parse(triedSince) : Date.now() - POST_TRIES_MS;
  // By its heading: the line on how to answer changes with the mode (a restart may have changed it).
  const heading = questionHeading(question);
  const found = await botMessageSince(client, channelId, since, (message) => message.content.startsWith(heading));
  if (found) recordQuestionMessage(context.db, question.id, found.id);
  return found?.id;
}

/**
 * Posts a question in the questions channel and records its message, so replies to it count as
 * answers. It is for both of you: silent while either sleeps (quiet hours), never held.
 */
export async function postQuestion(
  client: Client,
  context: BotContext,
  question: QuestionToPost,
  channelId: string,
  now = new Date(),
): Promise<string> {
  const messageId = await postMessage(client, channelId, {
    content: questionPost(context, question),
    nonce: `question-${question.id}`,
    silent: silentForBoth(partnersWithDays(context.db, context.config), now),
  });
  recordQuestionMessage(context.db, question.id, messageId);
  return messageId;
}

/** A replied-to message that will never be read: deleted, or in a channel gone or closed to the bot. */
const NEVER_READ = new Set<number | string>([
  RESTJSONErrorCodes.UnknownMessage,
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.MissingAccess,
]);

/**
 * The question a reply answers when no question records the message it replies to: a question
 * post of the bot's whose answer from Discord was lost (the bot had not found it in the channel
 * yet, or `/question now` took its question back) is recorded for its question now
 * (`adoptQuestionPost`), so the reply is not passed over. Null for any other message. Throws when
 * the message cannot be read now: the reply stays unhandled, and the next catch-up reads it again.
 */
export async function questionOfUnrecordedPost(reply: Message, context: BotContext): Promise<number | null> {
  const { channelId, messageId } = reply.reference ?? {};
  if (!channelId || !messageId) return null;
  let post: Message;
  try {
    const channel = await reply.client.channels.fetch(channelId);
    if (!channel?.isTextBased() || !("messages" in channel)) return null;
    post = await channel.messages.fetch(messageId);
  } catch (error) {
    if (error instanceof DiscordAPIError && NEVER_READ.has(error.code)) return null;
    throw error;
  }
  if (post.author.id !== reply.client.user.id || !post.content.startsWith(QUESTION_POST_START)) return null;
  // The question is between the heading's first line and the line on how to answer.
  const end = post.content.lastIndexOf("\n\n");
  if (end <= QUESTION_POST_START.length) return null;
  const text = post.content.slice(QUESTION_POST_START.length, end);
  return adoptQuestionPost(context.db, { text, discordMessageId: post.id, postedAt: post.createdAt });
}
