import { z } from "zod";
import { clockTime, dayWindowSchema, workWindowSchema } from "./dayWindows.js";
import { DEFAULT_SLEEP } from "./eachOthersDay.js";
import { isCalendarDate } from "./letterMoments.js";
import { passwordHashCost, sameCost } from "./passwordHash.js";

const discordId = z.string().regex(/^\d{17,20}$/, "must be a Discord snowflake (17-20 digits)");
const timeZone = z.string().refine(isTimeZone, "must be an IANA time zone such as Asia/Kolkata");

export const partnerSchema = z.strictObject({
  /** Login name. */
  username: z.string().regex(/^[a-z0-9_.-]{2,32}$/, "must be 2-32 lower-case letters, digits, . _ or -"),
  displayName: z.string().trim().min(1).max(40),
  /** The partner's Discord username: memories and answers are attributed to it. */
  responseName: z.string().trim().min(2).max(32),
  discordId,
  /**
   * The hash `npm run hash-password` writes: argon2id, `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>`
   * (base64); or the scrypt one of earlier versions, `scrypt$17$8$1$<salt>$<key>` (base64url).
   */
  passwordHash: z
    .string()
    .refine(
      (hash) => passwordHashCost(hash) !== undefined,
      "must be a whole hash from `npm run hash-password` ($argon2id$v=19$m=19456,t=2,p=1$…)",
    ),
  timeZone,
  city: z.string().trim().min(1).max(40),
  /** When the partner usually sleeps, on their own clock (`to` before `from` crosses midnight). */
  sleep: dayWindowSchema.default(DEFAULT_SLEEP),
  /** Work hours, if any: the partner shows "at work" in them. */
  work: workWindowSchema.optional(),
});

/** What the daily question needs to know about the two of you; every one is off unless set. */
export const coupleSettingsSchema = z.strictObject({
  /** You live in different places: questions about distance, calls and reunions. */
  longDistance: z.boolean().default(false),
  /** You share a home now: questions about the home and days you share. */
  livingTogether: z.boolean().default(false),
  /** You have a pet together. */
  pets: z.boolean().default(false),
  /** Racier questions too. */
  spicy: z.boolean().default(false),
});

export const coupleConfigSchema = z
  .strictObject({
    partners: z.tuple([partnerSchema, partnerSchema]),
    charityName: z.string().trim().min(1).max(60),
    discord: z
      .strictObject({
        guildId: discordId.optional(),
        memoriesChannelId: discordId.optional(),
        questionsChannelId: discordId.optional(),
        announcementsChannelId: discordId.optional(),
      })
      .default({}),
    dailyQuestion: z
      .strictObject({
        time: clockTime,
        timeZone,
      })
      .default({ time: "09:00", timeZone: "Asia/Kolkata" }),
    economy: z
      .strictObject({
        workoutReward: z.int().min(0).max(1000).default(5),
        workoutRewardsPerDay: z.int().min(0).max(20).default(3),
        answerReward: z.int().min(0).max(1000).default(5),
        /** Spanks each partner earns when a guess of the other's answer is rated "nailed it" (once per question). */
        guessReward: z.int().min(0).max(1000).default(3),
        /** Daily questions a month the streak may miss without breaking (a "streak freeze"): none unless set. */
        streakFreezesPerMonth: z.int().min(0).max(3).default(0),
        awardCapPerDay: z.int().min(0).max(100000).default(50),
        startingSpanks: z.int().min(0).max(100000).default(100),
      })
      .default({
        workoutReward: 5,
        workoutRewardsPerDay: 3,
        answerReward: 5,
        guessReward: 3,
        streakFreezesPerMonth: 0,
        awardCapPerDay: 50,
        startingSpanks: 100,
      }),
    /** Daily online backups at `time` in the couple's zone (the daily question's), kept by day and week. */
    backups: z
      .strictObject({
        time: clockTime.default("03:00"),
        keepDaily: z.int().min(1).max(365).default(14),
        keepWeekly: z.int().min(0).max(520).default(8),
      })
      .default({ time: "03:00", keepDaily: 14, keepWeekly: 8 }),
    /**
     * The day you count from, "MM-DD" or the full date "YYYY-MM-DD": anniversary letters open at
     * 08:00 on it, on the recipient's clock (29 February: the 28th in other years).
     */
    anniversary: z
      .string()
      .refine(
        (value) => (/^\d{2}-\d{2}$/.test(value) ? isCalendarDate(`2024-${value}`) : isCalendarDate(value)),
        "must be a date as MM-DD or YYYY-MM-DD",
      )
      .optional(),
    /** Who the couple is: the daily question skips bank questions that do not fit (see `questionFits`). */
    couple: coupleSettingsSchema.default({ longDistance: false, livingTogether: false, pets: false, spicy: false }),
    questions: z
      .strictObject({
        /** Keep a partner's answer sealed until the signed-in partner has answered too (off: the spec's view). */
        revealAfterBothAnswered: z.boolean().default(false),
      })
      .default({ revealAfterBothAnswered: false }),
  })
  .superRefine((config, ctx) => {
    if (config.couple.longDistance && config.couple.livingTogether) {
      ctx.addIssue({
        code: "custom",
        path: ["couple", "livingTogether"],
        message: "cannot be true together with couple.longDistance (a couple that lives apart does not share a home)",
      });
    }
    const [a, b] = config.partners;
    const [costA, costB] = [passwordHashCost(a.passwordHash), passwordHashCost(b.passwordHash)];
    // A stranger's made-up name is checked at one cost: a partner's at another would tell the names apart.
    if (costA && costB && !sameCost(costA, costB)) {
      ctx.addIssue({
        code: "custom",
        path: ["partners", 1, "passwordHash"],
        message:
          "must be of the same kind and cost as the other partner's (hash both passwords with `npm run hash-password`)",
      });
    }
    for (const key of ["username", "responseName", "discordId"] as const) {
      if (a[key].toLowerCase() === b[key].toLowerCase()) {
        ctx.addIssue({
          code: "custom",
          path: ["partners", 1, key],
          message: `must differ from the other partner's ${key}`,
        });
      }
    }
  });

export type Partner = z.infer<typeof partnerSchema>;
export type CoupleSettings = z.infer<typeof coupleSettingsSchema>;
export type CoupleConfig = z.infer<typeof coupleConfigSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Turns zod issues into one line per bad field, e.g. `partners.0.timeZone: must be an IANA time
 * zone`; a misspelled key gets the nearest known one: `anniversery: did you mean anniversary?`.
 */
export function describeConfigIssues(error: z.ZodError): string {
  return error.issues
    .flatMap((issue) => {
      if (issue.code !== "unrecognized_keys") return [`${issue.path.join(".") || "(root)"}: ${issue.message}`];
      const known = keysAt(coupleConfigSchema, issue.path);
      return issue.keys.map((key) => {
        const nearest = nearestName(key, known);
        const where = [...issue.path, key].join(".");
        return nearest
          ? `${where}: did you mean ${nearest}?`
          : `${where}: not a setting here (known: ${known.join(", ")})`;
      });
    })
    .join("\n");
}

/** The keys an object in the config schema takes, at `path` from the root. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  for (const step of path) {
    const inner = unwrapped(current);
    if (inner instanceof z.ZodObject) current = inner.shape[String(step)];
    else if (inner instanceof z.ZodTuple) current = inner.def.items[Number(step)] as z.ZodType | undefined;
    else return [];
  }
  const inner = unwrapped(current);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

const unwrapped = (schema: z.ZodType | undefined): z.ZodType | undefined =>
  schema instanceof z.ZodDefault || schema instanceof z.ZodOptional ? unwrapped(schema.unwrap() as z.ZodType) : schema;

/** The known name a typo most likely meant: within a third of its length in edits, or none. */
function nearestName(typed: string, known: readonly string[]): string | undefined {
  const ranked = known
    .map((name) => ({ name, distance: editDistance(typed.toLowerCase(), name.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance);
  const best = ranked[0];
  return best && best.distance <= Math.max(2, Math.floor(best.name.length / 3)) ? best.name : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
