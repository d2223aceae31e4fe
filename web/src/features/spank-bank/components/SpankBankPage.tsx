import { Tabs } from "@mantine/core";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import { Page } from "@/components/Page";
import { partnerOf } from "@/lib/partner";
import { ManageTab } from "./ManageTab";
import { ShopTab } from "./ShopTab";
import { SpankTotal } from "./SpankTotal";

export type SpankBankTab = "shop" | "manage";

/** The marketplace: the total, then the Shop and Manage Products tabs. */
export function SpankBankPage({
  signedIn,
  tab,
  onTabChange,
}: {
  signedIn: SessionReply;
  tab: SpankBankTab;
  onTabChange: (tab: SpankBankTab) => void;
}) {
  return (
    <Page title={`${partnerOf(signedIn).displayName}'s Spank Bank`}>
      <SpankTotal />
      <Tabs value={tab} onChange={(value) => onTabChange(value === "manage" ? "manage" : "shop")} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="shop">Shop</Tabs.Tab>
          <Tabs.Tab value="manage">Manage Products</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="shop">
          <ShopTab signedIn={signedIn} />
        </Tabs.Panel>
        <Tabs.Panel value="manage">
          <ManageTab signedIn={signedIn} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
