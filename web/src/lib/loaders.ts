/**
 * How long a route's loader holds its page for the first reads: the router's own `defaultPendingMs`.
 * Past it the page shows with each read's own 'Loading...'. The page is never drawn first as a
 * pending rendering: the build splits `pendingComponent` apart from `component`, so the page would
 * be mounted anew when the reads came, and words typed into it meanwhile lost.
 */
export const PAGE_HOLD_MS = 1000;

/**
 * What a route's loader returns: the page's first reads (`queryClient.ensureQueryData(...)`), awaited
 * side by side for at most `PAGE_HOLD_MS`; the reads go on after. A failed read does not fail the
 * route: the page shows its own failure text for it (SPEC section 8), and its query reads again
 * when the page mounts, as it did before loaders.
 */
export async function whenSettled(...reads: Promise<unknown>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const held = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PAGE_HOLD_MS);
  });
  await Promise.race([Promise.allSettled(reads), held]);
  clearTimeout(timer);
}
