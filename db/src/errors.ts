/** Why a domain operation refused; the server maps each to its status code. */
export type RefusalCode = "invalid" | "forbidden" | "not_found" | "conflict";

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
