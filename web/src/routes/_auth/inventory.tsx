import { createFileRoute } from "@tanstack/react-router";
import { inventoryQueryOptions } from "@/features/inventory/api/getInventory";
import { redeemedQueryOptions } from "@/features/inventory/api/getRedeemed";
import { InventoryPage } from "@/features/inventory/components/InventoryPage";
import { expiredFavoursQueryOptions } from "@/features/spank-bank/api/getExpiredFavours";
import { ExpiredFavours } from "@/features/spank-bank/components/ExpiredFavours";
import { whenSettled } from "@/lib/loaders";
import { oneOf, pageNumber } from "@/lib/searchParams";

/** `?tab=` and `?page=` (the shown tab's): back and reload keep the tab and its page. */
const search = (params: Record<string, unknown>): { tab?: "inventory" | "redeemed"; page?: number } => ({
  tab: oneOf(params.tab, ["inventory", "redeemed"]),
  page: pageNumber(params.page),
});

export const Route = createFileRoute("/_auth/inventory")({
  validateSearch: search,
  loaderDeps: ({ search: { tab = "inventory", page = 1 } }) => ({ tab, page }),
  // The shown tab's page, and the other tab's first page, so switching tabs shows at once.
  loader: ({ context: { queryClient }, deps: { tab, page } }) =>
    whenSettled(
      queryClient.ensureQueryData(inventoryQueryOptions(tab === "inventory" ? page : 1)),
      queryClient.ensureQueryData(redeemedQueryOptions(tab === "redeemed" ? page : 1)),
      queryClient.ensureQueryData(expiredFavoursQueryOptions),
    ),
  component: InventoryRoute,
});

function InventoryRoute() {
  const { signedIn } = Route.useRouteContext();
  const { tab = "inventory", page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InventoryPage
      tab={tab}
      // Another tab starts at its first page.
      onTabChange={(next) => navigate({ search: { tab: next === "inventory" ? undefined : next }, replace: true })}
      page={page}
      onPage={(next) => navigate({ search: { tab: tab === "inventory" ? undefined : tab, page: next } })}
      expired={<ExpiredFavours me={signedIn.user.username} side="bought" />}
    />
  );
}
