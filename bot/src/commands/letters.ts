import { type LaterLetter, laterLettersFor } from "@spankbank/db/laterLetters";
import { openWhenLabel } from "@spankbank/shared/letterMoments";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand, BotContext } from "../context.js";
import { discordTime, listInOneMessage } from "../post.js";
import { replyDone } from "../replies.js";

/** One envelope waiting for you, as `/letters` lists it: never a word of what is inside. */
function envelopeLine(letter: LaterLetter, fromName: string): string {
  if (letter.opening.kind === "openWhen") return `💌 From ${fromName}: "${openWhenLabel(letter.opening.moment)}"`;
  const what = letter.opening.kind === "anniversary" ? "for your anniversary" : "sealed";
  if (letter.state === "sealed") {
    return `✉️ From ${fromName}, ${what}: opens ${discordTime(letter.opensAt!, "f")} (${discordTime(letter.opensAt!, "R")})`;
  }
  return `📬 From ${fromName}, ${what}: open now`;
}

/** What `/letters` says at `now` to the partner `userId`: the letters written to them and not yet opened. */
export function lettersText({ db, config }: BotContext, user: { id: number; username: string }, now: Date): string {
  const { toYou } = laterLettersFor(db, user.id, now);
  const waiting = toYou.filter((letter) => letter.state !== "open");
  const nameOf = (username: string) => config.partners.find((p) => p.username === username)?.displayName ?? username;
  const partner = config.partners.find((p) => p.username !== user.username)?.displayName ?? "your partner";
  if (waiting.length === 0) {
    const opened = toYou.length > 0 ? ` (${toYou.length} opened)` : "";
    return `No letters are waiting for you${opened}. Letters for later from ${partner} show up here; write one back on the web page.`;
  }
  // Sealed ones by their moment, soonest first, then the ones you may open now.
  const when = (letter: LaterLetter) => letter.opensAt ?? "~"; // "~" sorts after every ISO time
  const sorted = [...waiting].sort((a, b) => (when(a) < when(b) ? -1 : when(a) > when(b) ? 1 : 0));
  return listInOneMessage(
    `**Letters for later waiting for you** (${waiting.length})`,
    sorted.map((letter) => envelopeLine(letter, nameOf(letter.from))),
    "Open them on the web page, in Letters for later.",
    (left) => `…and ${left} more. Open them on the web page, in Letters for later.`,
  );
}

/** `/letters`: the letters for later waiting for you and when each opens. */
export const lettersCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("letters")
    .setDescription("Letters for later waiting for you, and when they open"),
  async execute(interaction, context, user) {
    await replyDone(interaction, lettersText(context, user, interaction.createdAt));
  },
};
