import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { Page } from "@/components/Page";
import { AllQuestions } from "@/features/questions/components/AllQuestions";

/** `?search=`: the filter survives back and reload. */
const questionsSearch = z.object({ search: z.string().max(200).optional().catch(undefined) });

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
