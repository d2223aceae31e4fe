import { partnersWithDays } from "@spankbank/db/partnerDays";
import { type QuestionToPost, recordQuestionMessage } from "@spankbank/db/questions";
import { type APIMessage, type Client, Routes, SnowflakeUtil } from "discord.js";
import type { BotContext } from "../context.js";
import { silentForBoth } from "../outbox/quietHours.js";
import { postMessage } from "../post.js";

/** How to answer, saying only what works in the current mode (a public reply is refused while sealed). */
export function howToAnswer({ config }: BotContext): string {
  return config.questions.revealAfterBothAnswered
    ? "Answer with `/answer`: answers stay sealed until you have both answered."
    : "Answer with `/answer` or reply to this message.";
}

/** The message a question is posted as. */
const questionPost = (context: BotContext, question: QuestionToPost) =>
  `💌 **Question for you two**\n${question.text}\n\n${howToAnswer(context)}`;

/** How far back a post whose answer was lost is looked for: the channel's latest messages. */
const RECENT_MESSAGES = 20;
/** How long a post can have been on its way (discord.js's tries), with room for the clocks to differ. */
const POST_TRIES_MS = 5 * 60_000;

/**
 * After a post failed: whether Discord took it all the same (its answer was lost on the way back),
 * read from the channel's latest messages. Then its message is recorded, so replies to it count as
 * answers, and its id returned; undefined when it is not there. Throws when the channel cannot be read.
 */
export async function questionPostedAfterAll(
  client: Client,
  context: BotContext,
  question: QuestionToPost,
  channelId: string,
): Promise<string | undefined> {
  const latest = (await client.rest.get(Routes.channelMessages(channelId), {
    query: new URLSearchParams({ limit: String(RECENT_MESSAGES) }),
  })) as APIMessage[];
  const content = questionPost(context, question);
  // Only a post made while this one was tried: an earlier asking of the same bank question is not it.
  const since = Date.now() - POST_TRIES_MS;
  const found = latest.find(
    (message) =>
      message.author.id === client.user?.id &&
      message.content === content &&
      SnowflakeUtil.timestampFrom(message.id) >= since,
  );
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
