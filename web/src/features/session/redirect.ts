/**
 * The page to return to after sign-in, from the `redirect` search param: only a path of this app.
 * The browser's own URL parser decides, so tricks such as "//host", "/\host" or "/\t/host" that a
 * browser reads as another origin are refused.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/")) return undefined;
  const base = "http://spank-bank.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || /[\\\s]/.test(value.slice(0, 3))) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
