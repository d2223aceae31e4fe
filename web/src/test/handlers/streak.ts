import type { StreakReply } from "@spankbank/shared/contract/streak";
import { HttpResponse, http } from "msw";
import { failure, signedInUsername } from "./auth";

/** The couple's streak as the fake server holds it. */
const NONE: StreakReply = { current: 0, best: 0, answered_today: false };
let streak: StreakReply = NONE;

export function setStreak(next: StreakReply): void {
  streak = next;
}
export function resetStreak(): void {
  streak = NONE;
}

export const streakHandlers = [
  http.get("/api/streak", () => {
    if (!signedInUsername()) return failure(401, "Unauthorized", "Sign in first");
    return HttpResponse.json(streak);
  }),
];
