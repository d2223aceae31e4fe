import { partnersWithDays } from "@spankbank/db/partnerDays";
import { type QuestionToPost, recordQuestionMessage } from "@spankbank/db/questions";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { silentForBoth } from "../outbox/quietHours.js";
import { postMessage } from "../post.js";

/** How to answer, saying only what works in the current mode (a public reply is refused while sealed). */
export function howToAnswer({ config }: BotContext): string {
  return config.questions.revealAfterBothAnswered
    ? "Answer with `/answer`: answers stay sealed until you have both answered."
    : "Answer with `/answer` or reply to this message.";
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
    content: `💌 **Question for you two**\n${question.text}\n\n${howToAnswer(context)}`,
    nonce: `question-${question.id}`,
    silent: silentForBoth(partnersWithDays(context.db, context.config), now),
  });
  recordQuestionMessage(context.db, question.id, messageId);
  return messageId;
}
