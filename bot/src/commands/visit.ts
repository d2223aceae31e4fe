import { Refusal } from "@spankbank/db/errors";
import { cancelVisit, changeVisit, nextVisitOf, planVisit, type Visit, visitsOverview } from "@spankbank/db/visits";
import { VISIT_NOTE_MAX, VISIT_PLACE_MAX } from "@spankbank/shared/limits";
import { daysApartText, togetherNowText, untilTogetherText, visitDays } from "@spankbank/shared/visits";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand, BotContext } from "../context.js";
import { replyDone } from "../replies.js";

/** What `/visit` alone says at `now` to the partner `userId`, counted on their own calendar. */
export function visitText({ db }: BotContext, userId: number, now: Date): string {
  const { current, next, countdowns, past } = visitsOverview(db, userId, 1, now);
  const mine = countdowns[0]!;
  if (current && mine.together) return `${togetherNowText(current.startDate, current.endDate, mine.today)} 💞`;
  const lines: string[] = [];
  if (next && mine.daysUntil !== null) {
    lines.push(`${untilTogetherText(mine.daysUntil, next.startDate, mine.today, next.place)} ✈️`);
  } else {
    lines.push("No visit planned yet: plan one with `/visit start: YYYY-MM-DD end: YYYY-MM-DD` or on the web page.");
  }
  const last = past.visits[0];
  if (mine.daysApart !== null && last) lines.push(`${daysApartText(mine.daysApart, last.endDate, mine.today)}.`);
  return lines.join("\n");
}

const datesOf = (visit: Visit, today: string) =>
  `${visitDays(visit.startDate, visit.endDate, today, " to ")}${visit.place ? ` in ${visit.place}` : ""}`;

/** The command's options are named as Discord shows them; the domain names the wire's fields. */
function inOptionWords(refusal: Refusal): Refusal {
  const message = refusal.message.replace(/^start_date:/, "start:").replace(/^end_date:/, "end:");
  return new Refusal(refusal.code, message.replace("on or after start_date", "on or after start"));
}

/**
 * `/visit`: the countdown to your next time together; with `start` and `end` (YYYY-MM-DD) it plans
 * the next visit, or moves the one planned, or adds a visit already lived (one that ended before
 * today) beside it, as the web page does; `cancel: True` cancels the next one.
 */
export const visitCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("visit")
    .setDescription("Days until you're together; plan, move or cancel the next visit")
    .addStringOption((o) => o.setName("start").setDescription("First day together, YYYY-MM-DD").setMaxLength(10))
    .addStringOption((o) => o.setName("end").setDescription("Last day together, YYYY-MM-DD").setMaxLength(10))
    .addStringOption((o) => o.setName("place").setDescription("Where you meet").setMaxLength(VISIT_PLACE_MAX))
    .addStringOption((o) => o.setName("note").setDescription("Plans, what to bring").setMaxLength(VISIT_NOTE_MAX))
    .addBooleanOption((o) => o.setName("cancel").setDescription("Cancel the next visit")),
  async execute(interaction, context, user) {
    // The interaction's own moment (from its snowflake): "today" is the day it was asked.
    const now = interaction.createdAt;
    const { db } = context;
    const start = interaction.options.getString("start");
    const end = interaction.options.getString("end");
    const place = interaction.options.getString("place");
    const note = interaction.options.getString("note");
    const next = nextVisitOf(db, user.id, now);
    const today = visitsOverview(db, user.id, 1, now).countdowns[0]!.today;
    if (interaction.options.getBoolean("cancel")) {
      if (!next) throw new Refusal("not_found", "There is no visit planned to cancel.");
      cancelVisit(db, next.id);
      return await replyDone(interaction, `Cancelled your visit of ${datesOf(next, today)}.`);
    }
    if (start === null && end === null && place === null && note === null) {
      return await replyDone(interaction, visitText(context, user.id, now));
    }
    // Dates already lived are a visit to keep beside the planned one, never the planned one moved back.
    const lived = start !== null && end !== null && end < today;
    const moving = next !== null && !lived;
    const input = {
      start_date: start ?? next?.startDate ?? "",
      end_date: end ?? next?.endDate ?? "",
      place: place ?? (moving ? next.place : null),
      note: note ?? (moving ? next.note : null),
    };
    if (!next && (start === null || end === null)) {
      throw new Refusal("invalid", "Give both start and end (YYYY-MM-DD) to plan a visit.");
    }
    let visit: Visit;
    try {
      visit = moving
        ? changeVisit(db, { userId: user.id, visitId: next.id, input, now })
        : planVisit(db, { userId: user.id, input, now });
    } catch (error) {
      throw error instanceof Refusal ? inOptionWords(error) : error;
    }
    const done = lived ? "Added a visit already lived" : moving ? "Moved" : "Planned";
    await replyDone(interaction, `${done}: ${datesOf(visit, today)}.\n${visitText(context, user.id, now)}`);
  },
};
