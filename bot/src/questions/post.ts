import { partnersWithDays } from "@spankbank/db/partnerDays";
import { type QuestionToPost, recordQuestionMessage } from "@spankbank/db/questions";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { silentForBoth } from "../outbox/quietHours.js";
import { botMessageSince, postMessage } from "../post.js";

/** How to answer, saying only what works in the current mode (a public reply is refused while sealed). */
export function howToAnswer({ config }: BotContext): string {
  return config.questions.revealAfterBothAnswered
    ? "Answer with `/answer`: answers stay sealed until you have both answered."
    : "Answer with `/answer` or reply to this message.";
}

/** The start of a question's post: the question itself, whatever the mode. */
const questionHeading = (question: QuestionToPost) => `💌 **Question for you two**\n${question.text}\n\n`;
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
