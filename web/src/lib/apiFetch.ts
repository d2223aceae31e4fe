/** How a call reaches /api: the browser's fetch, or on the server the page's own request's. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

let source: () => ApiFetch = () => fetch;

/** Every call to /api goes through here (lib/api.ts). */
export const apiFetch: ApiFetch = (url, init) => source()(url, init);

/**
 * The server's rendering (entry-server.tsx) sends each page's reads with that page's request, so
 * one partner's render can never read with the other's cookie: it names where the current call's
 * fetch comes from (its AsyncLocalStorage).
 */
export function readApiFetchFrom(next: () => ApiFetch): void {
  source = next;
}
