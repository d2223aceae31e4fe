import { MEMORIES_PER_PAGE, QUESTIONS_PER_PAGE } from "@spankbank/shared/limits";
import { pageNumber } from "@spankbank/shared/pages";

/** What a page's first reads may depend on besides its URL. */
interface Reader {
  charityName: string;
}

type Reads = (search: URLSearchParams, reader: Reader) => string[];

/**
 * The API reads each page's loader starts on a hard load (web/src/routes/_auth/*.tsx), each URL
 * exactly as the web app asks for it (query keys in its order), so the browser answers the app's
 * fetch from the `Link` preload instead of asking again. e2e/firstLoad.spec.ts loads every page and
 * fails when a read is missing here, spelled differently, or asked for twice.
 */
const PAGE_READS: Record<string, Reads> = {
  "/dashboard": () => [
    "/api/quoteOfTheDay",
    "/api/memory",
    "/api/latestQuestion",
    "/api/memories/on-this-day",
    "/api/backup-health",
  ],
  "/memories": (search) => [
    `${search.get("view") === "trash" ? "/api/memories/trash" : "/api/memories"}?${new URLSearchParams({
      page: String(pageOf(search)),
      pageSize: String(MEMORIES_PER_PAGE),
    })}`,
  ],
  "/spank-bank": () => ["/api/spankTotal", "/api/products"],
  "/allquestions": (search) => [
    `/api/questions?${new URLSearchParams({
      page: String(pageOf(search)),
      pageSize: String(QUESTIONS_PER_PAGE),
      ...(search.get("search") ? { search: search.get("search") ?? "" } : {}),
    })}`,
  ],
  "/inventory": () => ["/api/inventory", "/api/redeemed"],
  "/floggers4change": (_search, { charityName }) => [`/api/charitySpankTotal?${new URLSearchParams({ charityName })}`],
  "/christmas-letter": () => ["/api/letter"],
  "/letters": (search) => [`/api/later-letters?page=${pageOf(search)}`],
  "/together": (search) => [`/api/visits?page=${pageOf(search)}`],
};

/** The page of a list page's `?page=`, read as the web's routes read it; the first without one. */
function pageOf(search: URLSearchParams): number {
  return pageNumber(search.get("page") ?? undefined) ?? 1;
}

/** The `Link` preloads of the reads the page at `path` starts with, for a signed-in partner. */
export function pageReadPreloads(path: string, search: URLSearchParams, reader: Reader): string[] {
  const reads = PAGE_READS[path]?.(search, reader) ?? [];
  // crossorigin: the app's fetch is a CORS-mode, same-origin-credentials request, and only a
  // preload made the same way answers it.
  return reads.map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`);
}
