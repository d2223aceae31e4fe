import type { z } from "zod";

/** Why a domain operation refused; the server maps each to its status code. */
/** `limited`: a daily limit is reached (429), as opposed to a clash with what is stored (`conflict`, 409). */
export type RefusalCode = "invalid" | "forbidden" | "not_found" | "conflict" | "limited";

/** A business refusal with a message fit to show a partner. Nothing was written. */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/**
 * The input as the shared contract schema parses it (trimmed, checked), or a Refusal naming the
 * first bad field: the bot and scripts meet the same limits as the HTTP edge, from one source.
 */
export function refuseUnless<Schema extends z.ZodType>(schema: Schema, input: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Refusal("invalid", `${issue.path.join(".") || what}: ${issue.message}`);
}
