import type { SearchKind } from "@spankbank/shared/contract/search";
import { SEARCH_MAX } from "@spankbank/shared/limits";
import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { searchQueryOptions } from "@/features/search/api/getSearch";
import { SearchResults } from "@/features/search/components/SearchResults";
import { whenSettled } from "@/lib/loaders";
import { oneOf, pageNumber, text } from "@/lib/searchParams";

const KINDS: readonly SearchKind[] = ["memory", "answer", "later_letter", "letter", "favour"];

/** `?q=` the words, `?kind=` one kind alone and `?page=` its page: back and reload keep them. */
const searchSearch = (search: Record<string, unknown>): { q?: string; kind?: SearchKind; page?: number } => ({
  q: text(search.q, SEARCH_MAX),
  kind: oneOf(search.kind, KINDS),
  page: pageNumber(search.page),
});

export const Route = createFileRoute("/_auth/search")({
  validateSearch: searchSearch,
  loaderDeps: ({ search: { q = "", kind, page = 1 } }) => ({ q, kind, page }),
  loader: ({ context: { queryClient }, deps: { q, kind, page } }) =>
    q.trim() === "" ? undefined : whenSettled(queryClient.ensureQueryData(searchQueryOptions(q, kind, page))),
  component: SearchRoute,
});

function SearchRoute() {
  const { q = "", kind, page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="Search">
      <SearchResults q={q} kind={kind} page={page} onPage={(next) => navigate({ search: { q, kind, page: next } })} />
    </Page>
  );
}
