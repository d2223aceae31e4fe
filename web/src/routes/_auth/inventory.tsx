import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { inventoryQueryOptions } from "@/features/inventory/api/getInventory";
import { redeemedQueryOptions } from "@/features/inventory/api/getRedeemed";
import { InventoryPage } from "@/features/inventory/components/InventoryPage";

const search = z.object({ tab: z.enum(["inventory", "redeemed"]).optional().catch(undefined) });

export const Route = createFileRoute("/_auth/inventory")({
  validateSearch: search,
  // Started, not awaited: the page shows 'Loading your inventory...' itself.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(inventoryQueryOptions);
    void queryClient.prefetchQuery(redeemedQueryOptions);
  },
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
