import { type QuestionToPost, recordQuestionMessage } from "@spankbank/db/questions";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { postMessage } from "../post.js";

/** Posts a question in the questions channel and records its message, so replies to it count as answers. */
export async function postQuestion(
  client: Client,
  { db }: BotContext,
  question: QuestionToPost,
  channelId: string,
): Promise<string> {
  const messageId = await postMessage(client, channelId, {
    content: `💌 **Question for you two**\n${question.text}\n\nAnswer with \`/answer\` or reply to this message.`,
    nonce: `question-${question.id}`,
  });
  recordQuestionMessage(db, question.id, messageId);
  return messageId;
}
