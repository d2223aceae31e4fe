import { z } from "zod";
import { WEEKDAYS } from "../eachOthersDay.js";
import { colorSchemeSetting } from "./colorScheme.js";
import { errorBody } from "./common.js";

export const loginBody = z.object({
  username: z.string().min(1, "must not be empty").max(64),
  password: z.string().min(1, "must not be empty").max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A partner as the browser sees them: never a hash, never a Discord id of the other partner. */
export const sessionUser = z.object({
  username: z.string(),
  displayName: z.string(),
  responseName: z.string(),
  discordId: z.string(),
  timeZone: z.string(),
  city: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const partnerSummary = sessionUser.omit({ discordId: true }).extend({
  /** Each other's day: the sleep window and optional work hours on the partner's own clock. */
  sleep: z.object({ from: z.string(), to: z.string() }),
  work: z.object({ from: z.string(), to: z.string(), days: z.array(z.enum(WEEKDAYS)) }).optional(),
});

export const coupleSummary = z.object({
  partners: z.tuple([partnerSummary, partnerSummary]),
  charityName: z.string(),
  /** The couple's zone: the quote of the day and the daily question turn over at its midnight. */
  timeZone: z.string(),
  demo: z.boolean(),
});
export type CoupleSummary = z.infer<typeof coupleSummary>;
type PartnerSummary = z.infer<typeof partnerSummary>;

/** A signed-in partner as the browser sees them, from the database's user (never its password hash). */
export function sessionUserOf({
  username,
  displayName,
  responseName,
  discordId,
  timeZone,
  city,
}: SessionUser): SessionUser {
  return { username, displayName, responseName, discordId, timeZone, city };
}

/**
 * Both partners as the page needs them (names, zones, cities, each one's day), the charity and
 * the couple's zone: never hashes or Discord ids.
 */
export function coupleSummaryOf(
  partners: readonly [PartnerSummary, PartnerSummary],
  config: { charityName: string; dailyQuestion: { timeZone: string } },
  demo: boolean,
): CoupleSummary {
  const summary = ({ username, displayName, responseName, timeZone, city, sleep, work }: PartnerSummary) => ({
    username,
    displayName,
    responseName,
    timeZone,
    city,
    sleep,
    ...(work ? { work } : {}),
  });
  return {
    partners: [summary(partners[0]), summary(partners[1])],
    charityName: config.charityName,
    timeZone: config.dailyQuestion.timeZone,
    demo,
  };
}

export const loginReply = z.object({ user: sessionUser });
/** 401 on a wrong username or password: the spec's message, and how many tries are left before a pause. */
export const loginRefusal = errorBody.extend({ triesLeft: z.int().min(0) });
export type LoginRefusal = z.infer<typeof loginRefusal>;
/** `colorScheme`: the signed-in partner's own colours, so a device they sign in on paints in them. */
export const sessionReply = z.object({ user: sessionUser, couple: coupleSummary, colorScheme: colorSchemeSetting });
export type SessionReply = z.infer<typeof sessionReply>;
/** GET /api/auth/session: 200 with null when signed out, so the landing page logs no error. */
export const sessionAnswer = sessionReply.nullable();

export const healthReply = z.object({ status: z.literal("ok") });
