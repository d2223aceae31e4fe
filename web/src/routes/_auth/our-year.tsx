import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { ourYearQueryOptions } from "@/features/our-year/api/getOurYear";
import { OurYearPage } from "@/features/our-year/components/OurYearPage";
import { whenSettled } from "@/lib/loaders";
import { yearNumber } from "@/lib/searchParams";

const search = (params: Record<string, unknown>): { year?: number } => ({ year: yearNumber(params.year) });

export const Route = createFileRoute("/_auth/our-year")({
  validateSearch: search,
  loaderDeps: ({ search: { year } }) => ({ year }),
  loader: ({ context, deps }) => whenSettled(context.queryClient.ensureQueryData(ourYearQueryOptions(deps.year))),
  component: OurYearRoute,
});

function OurYearRoute() {
  const { year } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="Our year, in pictures">
      <OurYearPage year={year} onYear={(next) => navigate({ search: { year: next } })} />
    </Page>
  );
}
