import { z } from "zod";
import { CLOCK_TIME, WEEKDAYS } from "./calendar.js";

/**
 * The schemas of a partner's daily windows (the config file, the myDay contract). Kept apart from
 * eachOthersDay.ts, whose rules the dashboard's clocks run: those load no zod on the page.
 */

/** A time of day as the config and the contract take it. */
export const clockTime = z.string().regex(CLOCK_TIME, "must be HH:MM (24 h)");

/** A daily window on the partner's clock; `to` before `from` crosses midnight (23:00 to 07:00). */
export const dayWindowSchema = z
  .object({ from: clockTime, to: clockTime })
  .refine((window) => window.from !== window.to, { message: "from and to must differ", path: ["to"] });

/** Work hours on the given weekdays (the day the shift starts), Monday to Friday unless said. */
export const workWindowSchema = z
  .object({
    from: clockTime,
    to: clockTime,
    days: z.array(z.enum(WEEKDAYS)).min(1).default(["mon", "tue", "wed", "thu", "fri"]),
  })
  .refine((window) => window.from !== window.to, { message: "from and to must differ", path: ["to"] });

export type DayWindow = z.infer<typeof dayWindowSchema>;
export type WorkWindow = z.infer<typeof workWindowSchema>;
