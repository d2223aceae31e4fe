import { ApiError } from "@/lib/api";

/** What to tell the partner when a passkey prompt or the server said no, in the app's words. */
export function passkeyProblem(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const { name, message } = error as Error;
  // The browser's prompt closed, timed out or was refused: nothing was made or signed.
  if (name === "NotAllowedError" || (error as { code?: string }).code === "ERROR_CEREMONY_ABORTED") {
    return "The passkey prompt was closed or timed out. Try again when you're ready.";
  }
  if ((error as { code?: string }).code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return "This device already holds one of your passkeys.";
  }
  return message || "The passkey did not work. Try again.";
}
