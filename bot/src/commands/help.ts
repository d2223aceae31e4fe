import { NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand, BotContext } from "../context.js";
import { replyDone } from "../replies.js";

/** What the bot does, saying only what works in the current mode. */
export function helpText({ config }: BotContext): string {
  return [
    "**Spank Bank commands**",
    "`/memory save text [image]`: save a memory (or just post in the memories channel)",
    "`/memory search words`: find memories, answers, letters and favours",
    config.questions.revealAfterBothAnswered
      ? "`/answer response [guess]`: answer the latest question, with your guess of your partner's answer if you like (both stay sealed until you have both answered)"
      : "`/answer response [guess]`: answer the latest question, with your guess of your partner's answer if you like (or reply to the question's message)",
    "`/guess rating`: rate your partner's guess of your answer on the latest question you've both answered",
    "`/question now`: post the next question right away",
    "`/question add text`: add your own question to the bank",
    "`/spank amount reason`: award your partner 1 to 100 spanks",
    "`/balance`: your spanks and your partner's",
    "`/spanks`: just your spanks",
    "`/donate amount`: give spanks to your charity",
    "`/when`: is your partner asleep, at work or free, and when you are both awake next",
    "`/letters`: letters for later waiting for you, and when each opens",
    "`/visit [start end place note cancel]`: days until you're together; plan, move or cancel the next visit",
    `\`/nudge [line]\`: tell your partner you're thinking of them (up to ${NUDGE_DAILY_LIMIT} a day)`,
    "`/bounty post title reward [due]`: a task for your partner with a reward, held until you approve it",
    "`/bounty list`: the bounties open, claimed and done, with their numbers",
    "`/bounty done id note [photo]`: say a bounty your partner posted is done, with a photo if you like",
    "`/bounty approve id`: approve your bounty: the reward goes to your partner",
    "`/bounty send-back id reason`: not done yet: send your bounty back with a reason",
    'Right-click a message, Apps, "Save as memory": keep any message from either of you',
  ].join("\n");
}

/** `/help`: what the bot does. */
export const helpCommand: BotCommand = {
  data: new SlashCommandBuilder().setName("help").setDescription("What Spank Bank can do"),
  async execute(interaction, context) {
    await replyDone(interaction, helpText(context));
  },
};
