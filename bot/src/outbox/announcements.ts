import { userById } from "@spankbank/db/couple";
import type { OutboxEvent } from "@spankbank/db/outbox";
import { questionById } from "@spankbank/db/questions";
import { spanks } from "@spankbank/shared/spanks";
import type { BotContext } from "../context.js";
import { discordTime, type Post } from "../post.js";

export type Announcement = Omit<Post, "nonce"> & { channelId: string | undefined };

type Payload = Record<string, unknown>;

/** The short friendly message an outbox event becomes, and where it goes. */
export function announcementOf(event: OutboxEvent, { db, config }: BotContext): Announcement {
  const p = event.payload as Payload;
  const name = (userId: unknown) => userById(db, Number(userId))?.displayName ?? "Someone";
  const discordIdOf = (userId: unknown) => userById(db, Number(userId))?.discordId;
  const when = discordTime(event.createdAt, "t");
  const announcements = config.discord.announcementsChannelId;
  switch (event.kind) {
    case "workout_logged":
      return {
        channelId: announcements,
        content: `💪 ${name(p.userId)} logged a workout at ${when}: ${p.name}, ${p.duration} min${Number(p.reward) > 0 ? ` (+${spanks(Number(p.reward))})` : ""}.`,
      };
    case "item_bought":
      return {
        channelId: announcements,
        content: `🛍️ ${name(p.buyerId)} bought "${p.name}" from ${name(p.sellerId)} for ${spanks(Number(p.price))}.`,
      };
    case "item_redeemed": {
      const seller = discordIdOf(p.sellerId);
      return {
        channelId: announcements,
        content: `🎟️ ${seller ? `<@${seller}>` : name(p.sellerId)}, ${name(p.buyerId)} redeemed "${p.name}" at ${when}. Time to deliver!`,
        mentionUserIds: seller ? [seller] : [],
      };
    }
    case "redemption_confirmed":
      return {
        channelId: announcements,
        content: `✅ ${name(p.buyerId)} confirmed ${name(p.sellerId)} delivered "${p.name}"${Number(p.price) > 0 ? `: ${spanks(Number(p.price))} paid` : ""}.`,
      };
    case "answer_given":
      return {
        channelId: config.discord.questionsChannelId ?? announcements,
        content: p.replaced
          ? `✏️ ${name(p.userId)} changed their answer at ${when}.`
          : `💬 ${name(p.userId)} answered the question at ${when}.${config.questions.revealAfterBothAnswered ? " Answers are shown when you both have." : ""}`,
      };
    case "answers_revealed": {
      const question = questionById(db, Number(p.questionId));
      // Every other post names the partners by their display name, so the reveal does too.
      const displayName = (responseName: string) =>
        config.partners.find((partner) => partner.responseName.toLowerCase() === responseName.toLowerCase())
          ?.displayName ?? responseName;
      const lines = (question?.answers ?? []).map(
        (answer) => `**${displayName(answer.username)}**: ${answer.response}`,
      );
      return {
        channelId: config.discord.questionsChannelId ?? announcements,
        content: `💞 You both answered "${question?.text ?? "the question"}"\n${lines.join("\n")}`,
        replyTo: question?.discordMessageId ?? undefined,
      };
    }
    case "spanks_awarded":
      return {
        channelId: announcements,
        // Reasons are one line (db's text rule); one saved before that rule is kept on one line here.
        content: `🍑 ${name(p.giverId)} gave ${name(p.receiverId)} ${spanks(Number(p.amount))}: ${oneLine(String(p.reason))}`,
      };
    case "donation_made":
      return {
        channelId: announcements,
        content: `🎗️ ${name(p.userId)} donated ${spanks(Number(p.amount))} to ${config.charityName} (${spanks(Number(p.charityTotal))} in all).`,
      };
    case "operator_alert":
      return { channelId: announcements, content: `⚠️ Spank Bank needs attention: ${p.message}` };
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}
