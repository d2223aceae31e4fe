import { inspect } from "node:util";

/**
 * An interaction token is a credential for 15 minutes (it can answer as the bot): discord.js
 * errors carry the request URL, which holds it. Every error the bot logs goes through this.
 */
export function redactTokens(text: string): string {
  return text.replace(/(\/(?:webhooks|interactions)\/\d+\/)[^/\s?"'`]+/g, "$1[token]");
}

/** Logs a failure with everything useful about it, and no interaction token. */
export function logError(what: string, error: unknown): void {
  console.error(`${what}:`, redactTokens(error instanceof Error ? inspect(error) : String(error)));
}
