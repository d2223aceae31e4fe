import { createFileRoute } from "@tanstack/react-router";
import { productsQueryOptions } from "@/features/spank-bank/api/getProducts";
import { spankTotalQueryOptions } from "@/features/spank-bank/api/getSpankTotal";
import { SpankBankPage } from "@/features/spank-bank/components/SpankBankPage";
import { oneOf } from "@/lib/searchParams";

const search = (params: Record<string, unknown>): { tab?: "shop" | "manage" } => ({
  tab: oneOf(params.tab, ["shop", "manage"]),
});

export const Route = createFileRoute("/_auth/spank-bank")({
  validateSearch: search,
  // Started, not awaited: the page shows its own loading and failure texts (SPEC section 8).
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(spankTotalQueryOptions);
    void queryClient.prefetchQuery(productsQueryOptions);
  },
  component: SpankBankRoute,
});

function SpankBankRoute() {
  const { signedIn } = Route.useRouteContext();
  const { tab = "shop" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SpankBankPage
      signedIn={signedIn}
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === "shop" ? undefined : next }, replace: true })}
    />
  );
}
