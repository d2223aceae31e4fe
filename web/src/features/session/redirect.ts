/**
 * The page to return to after sign-in, from the `redirect` search param: only a path of this app.
 * "//host" and "/\host" are refused because a browser reads both as another origin.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/")) return undefined;
  if (value.startsWith("//") || value.startsWith("/\\")) return undefined;
  return value;
}
