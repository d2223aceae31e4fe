import { z } from "zod";
import { NUDGE_LINE_MAX } from "../limits.js";
import { isoDate, text } from "./common.js";

/** `POST /api/nudges`: one tap of the heart, with an optional short line (absent or null: none). */
export const nudgeBody = z.strictObject({ line: text(NUDGE_LINE_MAX).nullable().optional() });
export type NudgeBody = z.input<typeof nudgeBody>;

/** Today's "thinking of you", each partner's day on their own calendar. */
export const nudgesToday = z.object({
  /** Times the partner thought of you today (your day). */
  received_today: z.int(),
  /** Times you thought of them today (your day), and how many more you may send. */
  sent_today: z.int(),
  left_today: z.int(),
});
export type NudgesToday = z.infer<typeof nudgesToday>;

/** `GET /api/nudges`. */
export const nudgesReply = nudgesToday;

/** `POST /api/nudges`: 201 with what was sent, and today's counts after it. */
export const nudgeSentReply = nudgesToday.extend({
  nudge: z.object({ id: z.int(), line: z.string().nullable(), created_at: isoDate }),
});
export type NudgeSentReply = z.infer<typeof nudgeSentReply>;
