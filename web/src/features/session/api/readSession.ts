import type { SessionReply } from "@spankbank/shared/contract/auth";

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
        partner(record(partners[0], "couple.partners.0"), "couple.partners.0"),
        partner(record(partners[1], "couple.partners.1"), "couple.partners.1"),
      ],
      charityName: text(couple, "charityName", "couple"),
      timeZone: text(couple, "timeZone", "couple"),
      demo: flag(couple, "demo", "couple"),
    },
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
