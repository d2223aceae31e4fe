import { type NudgesToday, nudgeBody } from "@spankbank/shared/contract/nudges";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { HttpResponse, http } from "msw";
import { failure, signedInUsername } from "./auth";

/** Today's taps as the fake server counts them: how many each partner sent, and every body sent. */
const state = { sent: new Map<string, number>(), bodies: [] as unknown[], nextId: 1 };

export function nudgeBodies(): readonly unknown[] {
  return state.bodies;
}
/** `username` has tapped the heart `times` today (the other partner's count of thoughts received). */
export function setNudgesSent(username: "alex" | "sam", times: number): void {
  state.sent.set(username, times);
}
export function resetNudges(): void {
  state.sent.clear();
  state.bodies = [];
  state.nextId = 1;
}

const otherOf = (username: string) => demoCouple.partners.find((p) => p.username !== username)!.username;

function today(me: string): NudgesToday {
  const sent = state.sent.get(me) ?? 0;
  return { received_today: state.sent.get(otherOf(me)) ?? 0, sent_today: sent, left_today: NUDGE_DAILY_LIMIT - sent };
}

export const nudgeHandlers = [
  http.get("/api/nudges", () => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    return HttpResponse.json(today(me));
  }),
  http.post("/api/nudges", async ({ request }) => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    const body = await request.json();
    state.bodies.push(body);
    // The real contract, as the server checks it.
    const parsed = nudgeBody.safeParse(body);
    if (!parsed.success) return failure(400, "Bad Request", `body: ${parsed.error.issues[0]!.message}`);
    if (today(me).left_today === 0) {
      const partner = demoCouple.partners.find((p) => p.username === otherOf(me))!.displayName;
      return failure(
        429,
        "Too Many Requests",
        `You have sent ${partner} your ${NUDGE_DAILY_LIMIT} thoughts for today (at most ${NUDGE_DAILY_LIMIT} a day). Try again tomorrow.`,
      );
    }
    state.sent.set(me, (state.sent.get(me) ?? 0) + 1);
    const nudge = { id: state.nextId++, line: parsed.data.line ?? null, created_at: new Date().toISOString() };
    return HttpResponse.json({ nudge, ...today(me) }, { status: 201 });
  }),
];
