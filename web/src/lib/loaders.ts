/**
 * What a route's loader returns: the page's first reads (`queryClient.ensureQueryData(...)`), awaited
 * side by side. A failed read does not fail the route: the page shows its own failure text for it
 * (SPEC section 8), and its query reads again when the page mounts, as it did before loaders.
 */
export async function whenSettled(...reads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(reads);
}
