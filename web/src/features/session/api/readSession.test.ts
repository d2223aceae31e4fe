import { sessionAnswer } from "@spankbank/shared/contract/auth";
import { describe, expect, it } from "vitest";
import { sessionReplyFor } from "@/test/handlers/auth";
import { readSession } from "./readSession";

const a = sessionReplyFor("alex");
const [first, second] = a.couple.partners;

describe("the session answer read without zod", () => {
  it("reads a session and a signed-out null exactly as the shared contract does, extra fields left out", () => {
    const withExtras = {
      ...a,
      extra: true,
      user: { ...a.user, passwordHash: "never shown" },
      couple: { ...a.couple, partners: [first, { ...second, secret: 1 }] },
    };
    const { work: _work, ...secondWithoutWork } = second;
    const noWork = { ...a, couple: { ...a.couple, partners: [first, secondWithoutWork] } };
    for (const answer of [a, sessionReplyFor("sam"), withExtras, noWork, null]) {
      expect(readSession(answer)).toEqual(sessionAnswer.parse(answer));
    }
  });

  it("refuses every answer the shared contract refuses", () => {
    const broken: unknown[] = [
      undefined,
      "signed in",
      [],
      { ...a, user: undefined },
      { ...a, couple: null },
      { ...a, user: { ...a.user, discordId: 42 } },
      { ...a, user: { ...a.user, city: undefined } },
      { ...a, couple: { ...a.couple, demo: "yes" } },
      { ...a, colorScheme: "sepia" },
      { ...a, colorScheme: undefined },
      { ...a, couple: { ...a.couple, charityName: null } },
      { ...a, couple: { ...a.couple, partners: [first] } },
      { ...a, couple: { ...a.couple, partners: [first, second, first] } },
      { ...a, couple: { ...a.couple, partners: [first, { username: "sam" }] } },
      { ...a, couple: { ...a.couple, partners: [first, { ...second, sleep: undefined }] } },
      { ...a, couple: { ...a.couple, partners: [first, { ...second, sleep: { from: 23, to: "07:00" } }] } },
      { ...a, couple: { ...a.couple, partners: [first, { ...second, work: { ...second.work, days: ["someday"] } }] } },
      { ...a, couple: { ...a.couple, partners: [first, { ...second, work: "9 to 5" }] } },
    ];
    for (const answer of broken) {
      expect(sessionAnswer.safeParse(answer).success).toBe(false);
      expect(() => readSession(answer)).toThrow("does not match the contract");
    }
  });
});
