import { userById } from "@spankbank/db/couple";
import type { OutboxEvent } from "@spankbank/db/outbox";
import { questionById } from "@spankbank/db/questions";
import { thinkingOfYouText } from "@spankbank/shared/nudges";
import { spanks } from "@spankbank/shared/spanks";
import { streakText } from "@spankbank/shared/streak";
import { untilTogetherText } from "@spankbank/shared/visits";
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
      // A Discord timestamp shows the wished time on each reader's own clock.
      const wished = typeof p.wishedAt === "string" ? ` Wished for ${discordTime(p.wishedAt, "F")}.` : "";
      const note = typeof p.note === "string" ? `\n> ${quoted(p.note)}` : "";
      return {
        channelId: announcements,
        content: `🎟️ ${seller ? `<@${seller}>` : name(p.sellerId)}, ${name(p.buyerId)} redeemed "${p.name}" at ${when}. Time to deliver!${wished}${note}`,
        mentionUserIds: seller ? [seller] : [],
      };
    }
    case "redemption_declined": {
      const buyer = discordIdOf(p.buyerId);
      const price = Number(p.price);
      return {
        channelId: announcements,
        content: `🙅 ${buyer ? `<@${buyer}>` : name(p.buyerId)}, ${name(p.sellerId)} declined "${p.name}": ${asSentence(oneLine(String(p.reason)))}${price > 0 ? ` ${spanks(price)} went back to you.` : ""}`,
        mentionUserIds: buyer ? [buyer] : [],
      };
    }
    case "favour_expiring": {
      const buyer = discordIdOf(p.buyerId);
      // The last second of the use-by day: Discord shows its date on the buyer's clock.
      const lastMoment = new Date(Date.parse(String(p.useBy)) - 1000).toISOString();
      return {
        channelId: announcements,
        content: `⏳ ${buyer ? `<@${buyer}>` : name(p.buyerId)}, "${p.name}" from ${name(p.sellerId)} is yours to use by ${discordTime(lastMoment, "D")} (${discordTime(String(p.useBy), "R")}). Redeem it before it expires!`,
        mentionUserIds: buyer ? [buyer] : [],
      };
    }
    case "favour_expired": {
      const price = Number(p.price);
      return {
        channelId: announcements,
        content: `⌛ "${p.name}" from ${name(p.sellerId)} expired unused${price > 0 ? `: ${spanks(price)} went back to ${name(p.buyerId)}` : ""}.`,
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
      const given = question?.answers ?? [];
      // Side by side: each answer, then the other's guess of it.
      const lines = given.map((answer) => {
        const guesser = given.find((other) => other !== answer && other.guess);
        const guessed = guesser?.guess
          ? ` (${displayName(guesser.username)} guessed: ${oneLine(guesser.guess.text)})`
          : "";
        return `**${displayName(answer.username)}**: ${answer.response}${guessed}`;
      });
      const rate = given.some((answer) => answer.guess) ? "\nRate the guess about you on the Q&A page." : "";
      return {
        channelId: config.discord.questionsChannelId ?? announcements,
        content: `💞 You both answered "${question?.text ?? "the question"}"\n${lines.join("\n")}${rate}`,
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
    case "letter_opened": {
      // Only that it opened, never a word of it: the letter is read on the web page.
      const recipient = discordIdOf(p.toUserId);
      return {
        channelId: announcements,
        content: `💌 ${recipient ? `<@${recipient}>` : name(p.toUserId)}, a letter from ${name(p.fromUserId)} has just opened for you. Read it in Letters for later.`,
        mentionUserIds: recipient ? [recipient] : [],
      };
    }
    case "visit_countdown": {
      const both = config.partners.map((partner) => partner.discordId);
      const start = String(p.startDate);
      const place = typeof p.place === "string" ? p.place : null;
      return {
        channelId: announcements,
        content: `✈️ ${both.map((id) => `<@${id}>`).join(" ")} ${untilTogetherText(Number(p.days), start, start, place)}`,
        mentionUserIds: both,
      };
    }
    case "partner_nudged": {
      const recipient = discordIdOf(p.toUserId);
      const line = typeof p.line === "string" ? `\n> ${quoted(p.line)}` : "";
      return {
        channelId: announcements,
        content: `💗 ${recipient ? `<@${recipient}>` : name(p.toUserId)}, ${thinkingOfYouText(name(p.fromUserId))}.${line}`,
        mentionUserIds: recipient ? [recipient] : [],
      };
    }
    case "bounty_posted":
    case "bounty_done":
    case "bounty_approved":
    case "bounty_sent_back":
    case "bounty_refunded":
      return bountyAnnouncement(event.kind, p, name, discordIdOf, announcements);
    case "streak_milestone": {
      const both = config.partners.map((partner) => partner.discordId);
      return {
        channelId: announcements,
        content: `🔥 ${both.map((id) => `<@${id}>`).join(" ")} ${streakText(Number(p.days))} the daily question!`,
        mentionUserIds: both,
      };
    }
    case "guess_nailed":
      return {
        channelId: config.discord.questionsChannelId ?? announcements,
        content: `🎯 ${name(p.guesserId)} nailed ${name(p.aboutId)}'s answer${Number(p.reward) > 0 ? `: ${spanks(Number(p.reward))} each` : ""}!`,
      };
    case "operator_alert":
      return { channelId: announcements, content: `⚠️ Spank Bank needs attention: ${p.message}` };
  }
}

/** A multi-line note as one Discord quote block. */
function quoted(text: string): string {
  return text.replace(/\r?\n/g, "\n> ");
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

/** The partner's words as a sentence: a full stop only where they did not end one ("…pick another?" stays). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["'”’)\]]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A bounty's news, for the partner it concerns (mentioned); an expiry's refund is for both. */
function bountyAnnouncement(
  kind: "bounty_posted" | "bounty_done" | "bounty_approved" | "bounty_sent_back" | "bounty_refunded",
  p: Payload,
  name: (userId: unknown) => string,
  discordIdOf: (userId: unknown) => string | undefined,
  channelId: string | undefined,
): Announcement {
  const reward = spanks(Number(p.reward));
  const what = `bounty #${p.bountyId} "${p.title}"`;
  const forPoster = kind === "bounty_done" || kind === "bounty_refunded";
  const recipientId = kind === "bounty_posted" ? null : forPoster ? p.posterId : p.doerId;
  const recipient = recipientId === null ? undefined : discordIdOf(recipientId);
  const to = recipientId === null ? "" : `${recipient ? `<@${recipient}>` : name(recipientId)}, `;
  const content = {
    bounty_posted: `🎯 ${name(p.posterId)} posted ${what} for ${reward}${typeof p.dueAt === "string" ? `, due ${discordTime(p.dueAt, "R")}` : ""}. \`/bounty done\` when it's done!`,
    bounty_done: `✅ ${to}${name(p.doerId)} did ${what}.${typeof p.note === "string" ? `\n> ${quoted(p.note)}` : ""}\n\`/bounty approve id: ${p.bountyId}\` to pay ${reward}, or \`/bounty send-back\`.`,
    bounty_approved: `🎉 ${to}${name(p.posterId)} approved ${what}: ${reward} are yours.`,
    bounty_sent_back: `↩️ ${to}${name(p.posterId)} sent ${what} back: ${asSentence(oneLine(String(p.reason)))}`,
    bounty_refunded: `⌛ ${to}${what} passed its due day: ${reward} went back to ${name(p.posterId)}.`,
  }[kind];
  return { channelId, content, mentionUserIds: recipient ? [recipient] : [] };
}
