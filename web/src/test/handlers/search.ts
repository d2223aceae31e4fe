import type { SearchGroup, SearchReply } from "@spankbank/shared/contract/search";
import { HttpResponse, http } from "msw";
import { failure, signedInUsername } from "./auth";

/** The fake server's search: the groups set by the test, and every query asked. */
const state = { groups: [] as SearchGroup[], asked: [] as URLSearchParams[] };

export function setSearchGroups(groups: SearchGroup[]): void {
  state.groups = groups;
}
/** The query strings of every search asked. */
export const searchesAsked = (): readonly URLSearchParams[] => state.asked;
export function resetSearch(): void {
  state.groups = [];
  state.asked = [];
}

export const searchHandlers = [
  http.get("/api/search", ({ request }) => {
    if (!signedInUsername()) return failure(401, "Unauthorized", "Sign in first");
    const query = new URL(request.url).searchParams;
    state.asked.push(query);
    if (!query.get("q")?.trim()) return failure(400, "Bad Request", "querystring/q must not be empty");
    const kind = query.get("kind");
    const reply: SearchReply = { groups: state.groups.filter((group) => kind === null || group.kind === kind) };
    return HttpResponse.json(reply);
  }),
];
