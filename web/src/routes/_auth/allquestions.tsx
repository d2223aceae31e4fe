import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { questionsQueryOptions } from "@/features/questions/api/getQuestions";
import { AllQuestions } from "@/features/questions/components/AllQuestions";
import { whenSettled } from "@/lib/loaders";
import { text } from "@/lib/searchParams";

/** `?search=`: the filter survives back and reload. */
const questionsSearch = (search: Record<string, unknown>): { search?: string } => ({
  search: text(search.search, 200),
});

export const Route = createFileRoute("/_auth/allquestions")({
  validateSearch: questionsSearch,
  // The list is read before the page shows; the filter works on it in the page.
  loader: ({ context: { queryClient } }) => whenSettled(queryClient.ensureQueryData(questionsQueryOptions)),
  pendingComponent: AllQuestionsRoute,
  component: AllQuestionsRoute,
});

function AllQuestionsRoute() {
  const { signedIn } = Route.useRouteContext();
  const { search = "" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="All Q&A">
      <AllQuestions
        signedIn={signedIn}
        search={search}
        onSearch={(next) => navigate({ search: { search: next || undefined }, replace: true })}
      />
    </Page>
  );
}
