import { Tabs } from "@mantine/core";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { ReactNode } from "react";
import { Page } from "@/components/Page";
import { partnerOf } from "@/lib/partner";
import { type ProductView, useProductPage } from "../api/getProducts";
import { ManageTab } from "./ManageTab";
import { ShopTab } from "./ShopTab";
import { SpankTotal } from "./SpankTotal";

export type SpankBankTab = "shop" | "manage" | "bounties";

/** The favours a tab lists: the Shop, or the signed-in partner's own listings. */
export const productViewOf = (tab: SpankBankTab, signedIn: SessionReply): ProductView =>
  tab === "manage" ? { seller: signedIn.user.username } : { shop: true };

/** The marketplace: the total, then the Shop and Manage Products tabs (a page of favours at a time) and the Bounties. */
export function SpankBankPage({
  signedIn,
  tab,
  onTabChange,
  page,
  onPage,
  bounties,
}: {
  signedIn: SessionReply;
  /** The Bounties tab's panel, composed by the route (another feature's). */
  bounties: ReactNode;
  tab: SpankBankTab;
  onTabChange: (tab: SpankBankTab) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const products = useProductPage(productViewOf(tab, signedIn), page);
  return (
    <Page title={`${partnerOf(signedIn).displayName}'s Spank Bank`}>
      <SpankTotal productsFailed={products.isError} />
      <Tabs
        value={tab}
        onChange={(value) => onTabChange(value === "manage" || value === "bounties" ? value : "shop")}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="shop">Shop</Tabs.Tab>
          <Tabs.Tab value="manage">Manage Products</Tabs.Tab>
          <Tabs.Tab value="bounties">Bounties</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="shop">
          <ShopTab signedIn={signedIn} products={products} onPage={onPage} />
        </Tabs.Panel>
        <Tabs.Panel value="manage">
          <ManageTab signedIn={signedIn} products={products} onPage={onPage} />
        </Tabs.Panel>
        <Tabs.Panel value="bounties">{bounties}</Tabs.Panel>
      </Tabs>
    </Page>
  );
}
