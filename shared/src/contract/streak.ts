import { z } from "zod";

/** `GET /api/streak`: the couple's streak of daily questions both answered, and the best one. */
export const streakReply = z.object({
  /** Daily questions in a row both answered before the next was asked; today's, still open, does not break it. */
  current: z.int(),
  best: z.int(),
  /** Both have answered the latest daily question. */
  answered_today: z.boolean(),
  /** Streak freezes left this month on the daily question's calendar; only when the settings grant some. */
  freezes_left: z.int().min(0).optional(),
});
export type StreakReply = z.infer<typeof streakReply>;
