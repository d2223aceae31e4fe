import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { AllQuestions } from "@/features/questions/components/AllQuestions";
import { text } from "@/lib/searchParams";

/** `?search=`: the filter survives back and reload. */
const questionsSearch = (search: Record<string, unknown>): { search?: string } => ({
  search: text(search.search, 200),
});

export const Route = createFileRoute("/_auth/allquestions")({
  validateSearch: questionsSearch,
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
