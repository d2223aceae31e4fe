import { createFileRoute } from "@tanstack/react-router";
import { expiredFavoursQueryOptions } from "@/features/spank-bank/api/getExpiredFavours";
import { productsQueryOptions } from "@/features/spank-bank/api/getProducts";
import { spankTotalQueryOptions } from "@/features/spank-bank/api/getSpankTotal";
import { SpankBankPage } from "@/features/spank-bank/components/SpankBankPage";
import { whenSettled } from "@/lib/loaders";
import { oneOf } from "@/lib/searchParams";

const search = (params: Record<string, unknown>): { tab?: "shop" | "manage" } => ({
  tab: oneOf(params.tab, ["shop", "manage"]),
});

export const Route = createFileRoute("/_auth/spank-bank")({
  validateSearch: search,
  loader: ({ context: { queryClient } }) =>
    whenSettled(
      queryClient.ensureQueryData(spankTotalQueryOptions),
      queryClient.ensureQueryData(productsQueryOptions),
      queryClient.ensureQueryData(expiredFavoursQueryOptions),
    ),
  pendingComponent: SpankBankRoute,
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
