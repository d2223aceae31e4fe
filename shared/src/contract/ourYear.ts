import { z } from "zod";
import { YEAR_SHOWN_MAX, YEAR_SHOWN_MIN } from "../limits.js";

/** `GET /api/our-year?year=2026`: the year to picture; absent, this year on your calendar. */
export const ourYearQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, "must be a year as YYYY")
    .transform(Number)
    .refine(
      (year) => year >= YEAR_SHOWN_MIN && year <= YEAR_SHOWN_MAX,
      `must be between ${YEAR_SHOWN_MIN} and ${YEAR_SHOWN_MAX}`,
    )
    .optional(),
});

/** Per partner, in the order of `partners` (you first). */
const perPartner = z.array(z.int().nonnegative());

/** A partner's year in figures. */
export const ourYearPartner = z.object({
  username: z.string(),
  display_name: z.string(),
  memories: z.int().nonnegative(),
  answers: z.int().nonnegative(),
  workouts: z.int().nonnegative(),
  /** Spanks earned (awards, workouts, answers, guesses, favours delivered, bounties done). */
  earned: z.int().nonnegative(),
  /** Spanks paid for favours and bounties, less what came back (declined, expired, refunded). */
  spent: z.int().nonnegative(),
  donated: z.int().nonnegative(),
});

export const ourYearReply = z.object({
  year: z.int(),
  /** Every year with something in it, newest first (this year always). */
  years: z.array(z.int()),
  partners: z.array(ourYearPartner),
  /** January to December (counted in UTC). */
  months: z.array(
    z.object({
      month: z.int().min(1).max(12),
      memories: perPartner,
      answers: perPartner,
      /** Daily questions of that month you both answered. */
      both_answered: z.int().nonnegative(),
    }),
  ),
  /** Weeks of the year from Monday (week 0 is the days before the first Monday). */
  weeks: z.array(z.object({ week: z.int().nonnegative(), workouts: perPartner })),
  streak: z.object({
    /** The longest run of daily questions both answered within this year. */
    best: z.int().nonnegative(),
    /** The streak under way now (the same as the dashboard's). */
    current: z.int().nonnegative(),
    /** Daily questions asked this year, and how many you both answered. */
    asked: z.int().nonnegative(),
    both_answered: z.int().nonnegative(),
  }),
  /** Days of the year so far (to today on your calendar), together and apart; planned: together later this year. */
  days: z.object({
    together: z.int().nonnegative(),
    apart: z.int().nonnegative(),
    planned: z.int().nonnegative(),
    visits: z.int().nonnegative(),
  }),
});
export type OurYearReply = z.infer<typeof ourYearReply>;
