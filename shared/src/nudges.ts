import { plural } from "./spanks.js";

/** "Thinking of you" in words, the same on the web and in Discord. */

/** "Alex is thinking of you": what the partner is told. */
export function thinkingOfYouText(senderName: string): string {
  return `${senderName} is thinking of you`;
}

/** "Sam thought of you 3 times today" ("once today" for one). */
export function thoughtOfYouText(senderName: string, times: number): string {
  return `${senderName} thought of you ${times === 1 ? "once" : plural(times, "time", "times")} today`;
}
