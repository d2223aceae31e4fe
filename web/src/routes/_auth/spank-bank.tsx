import { createFileRoute } from "@tanstack/react-router";
import { bountiesQueryOptions } from "@/features/bounties/api/getBounties";
import { BountiesTab } from "@/features/bounties/components/BountiesTab";
import { expiredFavoursQueryOptions } from "@/features/spank-bank/api/getExpiredFavours";
import { productPageQueryOptions } from "@/features/spank-bank/api/getProducts";
import { spankTotalQueryOptions } from "@/features/spank-bank/api/getSpankTotal";
import { productViewOf, SpankBankPage } from "@/features/spank-bank/components/SpankBankPage";
import { whenSettled } from "@/lib/loaders";
import { oneOf, pageNumber } from "@/lib/searchParams";

/** `?tab=` and `?page=`: back and reload keep the tab and its page. */
const search = (params: Record<string, unknown>): { tab?: "shop" | "manage" | "bounties"; page?: number } => ({
  tab: oneOf(params.tab, ["shop", "manage", "bounties"]),
  page: pageNumber(params.page),
});

export const Route = createFileRoute("/_auth/spank-bank")({
  validateSearch: search,
  loaderDeps: ({ search: { tab = "shop", page = 1 } }) => ({ tab, page }),
  loader: ({ context: { queryClient, signedIn }, deps: { tab, page } }) =>
    whenSettled(
      queryClient.ensureQueryData(spankTotalQueryOptions),
      queryClient.ensureQueryData(productPageQueryOptions(productViewOf(tab, signedIn), page)),
      queryClient.ensureQueryData(expiredFavoursQueryOptions),
      ...(tab === "bounties" ? [queryClient.ensureQueryData(bountiesQueryOptions)] : []),
    ),
  component: SpankBankRoute,
});

function SpankBankRoute() {
  const { signedIn } = Route.useRouteContext();
  const { tab = "shop", page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SpankBankPage
      signedIn={signedIn}
      tab={tab}
      // Another tab starts at its first page.
      onTabChange={(next) => navigate({ search: { tab: next === "shop" ? undefined : next }, replace: true })}
      page={page}
      onPage={(next) => navigate({ search: { tab: tab === "shop" ? undefined : tab, page: next } })}
      bounties={<BountiesTab signedIn={signedIn} />}
    />
  );
}
