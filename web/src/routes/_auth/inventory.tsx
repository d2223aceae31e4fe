import { createFileRoute } from "@tanstack/react-router";
import { inventoryQueryOptions } from "@/features/inventory/api/getInventory";
import { redeemedQueryOptions } from "@/features/inventory/api/getRedeemed";
import { InventoryPage } from "@/features/inventory/components/InventoryPage";
import { expiredFavoursQueryOptions } from "@/features/spank-bank/api/getExpiredFavours";
import { ExpiredFavours } from "@/features/spank-bank/components/ExpiredFavours";
import { whenSettled } from "@/lib/loaders";
import { oneOf } from "@/lib/searchParams";

const search = (params: Record<string, unknown>): { tab?: "inventory" | "redeemed" } => ({
  tab: oneOf(params.tab, ["inventory", "redeemed"]),
});

export const Route = createFileRoute("/_auth/inventory")({
  validateSearch: search,
  loader: ({ context: { queryClient } }) =>
    whenSettled(
      queryClient.ensureQueryData(inventoryQueryOptions),
      queryClient.ensureQueryData(redeemedQueryOptions),
      queryClient.ensureQueryData(expiredFavoursQueryOptions),
    ),
  pendingComponent: InventoryRoute,
  component: InventoryRoute,
});

function InventoryRoute() {
  const { signedIn } = Route.useRouteContext();
  const { tab = "inventory" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InventoryPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === "inventory" ? undefined : next }, replace: true })}
      expired={<ExpiredFavours me={signedIn.user.username} side="bought" />}
    />
  );
}
