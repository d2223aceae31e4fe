// From calendar, not eachOthersDay: that one builds zod schemas, and this is in the first load.
import { WEEKDAYS, type Weekday } from "@spankbank/shared/calendar";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import { COLOR_SCHEMES, type ColorSchemeSetting } from "@spankbank/shared/limits";

/**
 * GET /api/auth/session read by hand, not by the zod contract, so the session check every page
 * starts with does not load zod. readSession.test.ts keeps it equal to the contract's
 * `sessionAnswer`: the same fields kept, the same answers refused.
 */
export function readSession(answer: unknown): SessionReply | null {
  if (answer === null) return null;
  const reply = record(answer, "the answer");
  const user = record(reply.user, "user");
  const couple = record(reply.couple, "couple");
  const partners = couple.partners;
  if (!Array.isArray(partners) || partners.length !== 2) throw refused("couple.partners");
  return {
    user: { ...partner(user, "user"), discordId: text(user, "discordId", "user") },
    couple: {
      partners: [
        partnerWithDay(record(partners[0], "couple.partners.0"), "couple.partners.0"),
        partnerWithDay(record(partners[1], "couple.partners.1"), "couple.partners.1"),
      ],
      charityName: text(couple, "charityName", "couple"),
      timeZone: text(couple, "timeZone", "couple"),
      demo: flag(couple, "demo", "couple"),
    },
    colorScheme: colorScheme(reply.colorScheme),
  };
}

type Fields = Record<string, unknown>;

function partner(fields: Fields, where: string) {
  return {
    username: text(fields, "username", where),
    displayName: text(fields, "displayName", where),
    responseName: text(fields, "responseName", where),
    timeZone: text(fields, "timeZone", where),
    city: text(fields, "city", where),
  };
}

/** A partner of the couple with their day: the sleep window and optional work hours. */
function partnerWithDay(fields: Fields, where: string) {
  const sleep = record(fields.sleep, `${where}.sleep`);
  const read = {
    ...partner(fields, where),
    sleep: { from: text(sleep, "from", `${where}.sleep`), to: text(sleep, "to", `${where}.sleep`) },
  };
  if (fields.work === undefined) return read;
  const work = record(fields.work, `${where}.work`);
  const days = work.days;
  if (!Array.isArray(days) || !days.every((day) => (WEEKDAYS as readonly unknown[]).includes(day))) {
    throw refused(`${where}.work.days`);
  }
  return {
    ...read,
    work: { from: text(work, "from", `${where}.work`), to: text(work, "to", `${where}.work`), days: days as Weekday[] },
  };
}

function colorScheme(value: unknown): ColorSchemeSetting {
  if (!(COLOR_SCHEMES as readonly unknown[]).includes(value)) throw refused("colorScheme");
  return value as ColorSchemeSetting;
}

function record(value: unknown, where: string): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw refused(where);
  return value as Fields;
}

function text(fields: Fields, key: string, where: string): string {
  const value = fields[key];
  if (typeof value !== "string") throw refused(`${where}.${key}`);
  return value;
}

function flag(fields: Fields, key: string, where: string): boolean {
  const value = fields[key];
  if (typeof value !== "boolean") throw refused(`${where}.${key}`);
  return value;
}

function refused(where: string): Error {
  return new Error(`The answer to GET /api/auth/session does not match the contract: ${where}`);
}
