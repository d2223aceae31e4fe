import { Tabs, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Page } from "@/components/Page";
import { InventoryList } from "./InventoryList";
import { RedeemedList } from "./RedeemedList";

export type InventoryTab = "inventory" | "redeemed";

/**
 * What the partner bought (Inventory) and what they asked for (Redeemed), with `expired` above the
 * redeemed; each tab a page at a time (`page` is the shown tab's).
 */
export function InventoryPage({
  tab,
  onTabChange,
  page,
  onPage,
  expired,
}: {
  tab: InventoryTab;
  onTabChange: (tab: InventoryTab) => void;
  page: number;
  onPage: (page: number) => void;
  expired?: ReactNode;
}) {
  return (
    <Page title="Your Inventory">
      <Text size="lg" mb="lg">
        Every favour you have bought, waiting for the right moment. Redeem one when you want it, then confirm once it
        has been lovingly delivered.
      </Text>
      <Tabs
        value={tab}
        onChange={(value) => onTabChange(value === "redeemed" ? "redeemed" : "inventory")}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="inventory">Inventory</Tabs.Tab>
          <Tabs.Tab value="redeemed">Redeemed</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inventory">
          <InventoryList page={page} onPage={onPage} />
        </Tabs.Panel>
        <Tabs.Panel value="redeemed">
          {expired}
          <RedeemedList page={page} onPage={onPage} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
