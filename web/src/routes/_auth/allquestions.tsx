import { SEARCH_MAX } from "@spankbank/shared/limits";
import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { questionPageQueryOptions } from "@/features/questions/api/getQuestions";
import { AllQuestions } from "@/features/questions/components/AllQuestions";
import { whenSettled } from "@/lib/loaders";
import { pageNumber, text } from "@/lib/searchParams";

/** `?search=`, `?page=` and `?guessed=true`: the search, the page and the filter survive back and reload. */
const questionsSearch = (search: Record<string, unknown>): { search?: string; page?: number; guessed?: true } => ({
  search: text(search.search, SEARCH_MAX),
  page: pageNumber(search.page),
  guessed: search.guessed === true || search.guessed === "true" ? true : undefined,
});

export const Route = createFileRoute("/_auth/allquestions")({
  validateSearch: questionsSearch,
  loaderDeps: ({ search: { page = 1, search = "", guessed = false } }) => ({ page, search, guessed }),
  // The page is read before it shows; a new search starts again at page 1.
  loader: ({ context: { queryClient }, deps: { page, search, guessed } }) =>
    whenSettled(queryClient.ensureQueryData(questionPageQueryOptions(page, search, guessed))),
  component: AllQuestionsRoute,
});

function AllQuestionsRoute() {
  const { signedIn } = Route.useRouteContext();
  const { search = "", page = 1, guessed } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="All Q&A">
      <AllQuestions
        signedIn={signedIn}
        search={search}
        onSearch={(next) => navigate({ search: { search: next || undefined, guessed }, replace: true })}
        page={page}
        onPage={(next) => navigate({ search: { search: search || undefined, page: next, guessed } })}
        guessed={guessed === true}
        onGuessed={(next) => navigate({ search: { search: search || undefined, guessed: next || undefined } })}
      />
    </Page>
  );
}
