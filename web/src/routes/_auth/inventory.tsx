import { createFileRoute } from "@tanstack/react-router";
import { inventoryQueryOptions } from "@/features/inventory/api/getInventory";
import { redeemedQueryOptions } from "@/features/inventory/api/getRedeemed";
import { InventoryPage } from "@/features/inventory/components/InventoryPage";
import { whenSettled } from "@/lib/loaders";
import { oneOf } from "@/lib/searchParams";

const search = (params: Record<string, unknown>): { tab?: "inventory" | "redeemed" } => ({
  tab: oneOf(params.tab, ["inventory", "redeemed"]),
});

export const Route = createFileRoute("/_auth/inventory")({
  validateSearch: search,
  loader: ({ context: { queryClient } }) =>
    whenSettled(queryClient.ensureQueryData(inventoryQueryOptions), queryClient.ensureQueryData(redeemedQueryOptions)),
  pendingComponent: InventoryRoute,
  component: InventoryRoute,
});

function InventoryRoute() {
  const { tab = "inventory" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InventoryPage
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next === "inventory" ? undefined : next }, replace: true })}
    />
  );
}
