import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { visitsQueryOptions } from "@/features/visits/api/getVisits";
import { TogetherPage } from "@/features/visits/components/TogetherPage";
import { whenSettled } from "@/lib/loaders";
import { pageNumber } from "@/lib/searchParams";

const search = (params: Record<string, unknown>): { page?: number } => ({ page: pageNumber(params.page) });

export const Route = createFileRoute("/_auth/together")({
  validateSearch: search,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? 1 }),
  loader: ({ context, deps }) => whenSettled(context.queryClient.ensureQueryData(visitsQueryOptions(deps.page))),
  component: TogetherRoute,
});

function TogetherRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="Until we're together">
      <TogetherPage page={page} onPage={(next) => navigate({ search: { page: next > 1 ? next : undefined } })} />
    </Page>
  );
}
