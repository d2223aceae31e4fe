import { z } from "zod";
import { clockTime, dayWindowSchema } from "../dayWindows.js";
import { WEEKDAYS } from "../eachOthersDay.js";
import { isoDate } from "./common.js";

/** How announcements reach a partner during their sleep window (issue 22, point 2). */
export const QUIET_HOURS = ["silent", "digest"] as const;
export type QuietHours = (typeof QUIET_HOURS)[number];
export const DEFAULT_QUIET_HOURS: QuietHours = "silent";

/** Work hours as the web sends them: the days are always said (no default), at least one, none twice. */
const workBody = z
  .strictObject({
    from: clockTime,
    to: clockTime,
    days: z
      .array(z.enum(WEEKDAYS))
      .min(1, "pick at least one day")
      .refine((days) => new Set(days).size === days.length, "must not name a day twice"),
  })
  .refine((window) => window.from !== window.to, { message: "from and to must differ", path: ["to"] });

/** What a day saved from a form opened before another device saved it is refused with (409). */
export const MY_DAY_CHANGED_SINCE =
  "Your day was changed since you opened it (on another device): nothing was saved. Look at it again and redo your change.";

/**
 * `PUT /api/my-day`: the signed-in partner's own sleep window, work hours (null: none) and quiet
 * hours. `based_on` is the `updated_at` of the day the form showed (null: the config's): a day
 * saved since on another device is refused 409, not overwritten. Left out (an older page), it is
 * saved as before.
 */
export const myDayBody = z.strictObject({
  sleep: z
    .strictObject({ from: clockTime, to: clockTime })
    .refine((window) => window.from !== window.to, { message: "from and to must differ", path: ["to"] }),
  work: workBody.nullable(),
  quietHours: z.enum(QUIET_HOURS),
  based_on: isoDate.nullable().optional(),
});
export type MyDayBody = z.infer<typeof myDayBody>;

/** `GET`/`PUT /api/my-day`: the effective values (the partner's own, else the config's) and where they come from. */
export const myDayReply = z.object({
  sleep: dayWindowSchema,
  work: z.object({ from: z.string(), to: z.string(), days: z.array(z.enum(WEEKDAYS)) }).nullable(),
  quietHours: z.enum(QUIET_HOURS),
  /** `config` until the partner saves their own day on the web. */
  source: z.enum(["config", "web"]),
  /** When it was last saved on the web, sent back as `based_on`; null: the config's day. */
  updated_at: isoDate.nullable(),
});
export type MyDayReply = z.infer<typeof myDayReply>;
