import { plural } from "./spanks.js";

/** The couple's streak (issue 36) in words, the same on the web and in Discord. */

/** "2 streak freezes left this month": missed days this month that will not break the streak. */
export function freezesLeftText(left: number): string {
  return left === 0
    ? "No streak freezes left this month"
    : `${plural(left, "streak freeze", "streak freezes")} left this month`;
}

/** "12 days in a row you've both answered", or how to start one. */
export function streakText(current: number): string {
  return current === 0
    ? "Answer today's question together to start a streak"
    : `${plural(current, "day", "days")} in a row you've both answered`;
}
