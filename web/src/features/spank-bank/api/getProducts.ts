import type { SessionReply } from "@spankbank/shared/contract/auth";
import { FAVOURS_PER_PAGE } from "@spankbank/shared/limits";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** Whose favours a page lists: the Shop (the partner's first, then one's own) or one's own listings. */
export type ProductView = { shop: true } | { seller: string };

/** One page of the Shop, or of the signed-in partner's own listings (`seller`, for Manage Products). */
export function getProductPage(view: ProductView, page: number, signal?: AbortSignal) {
  return api.get("/api/products", () => import("@spankbank/shared/contract/products").then((c) => c.productsPage), {
    query: { page, pageSize: FAVOURS_PER_PAGE, username: "seller" in view ? view.seller : undefined },
    signal,
  });
}

export const productPageQueryOptions = (view: ProductView, page: number) => {
  const queryKey = spankBankKeys.productPage("seller" in view ? view.seller : "shop", page);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getProductPage(view, page, signal),
    // The page being left stays on screen until the next one arrives, within one list only: the
    // Shop's page shown under Manage Products would offer to edit the partner's favours.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === queryKey[2] ? keepPreviousData(previous) : undefined,
  });
};

export const useProductPage = (view: ProductView, page: number) => useQuery(productPageQueryOptions(view, page));

/** What the Shop and Manage Products tabs each show: a page read, and where the pager goes. */
export interface ProductTabProps {
  signedIn: SessionReply;
  products: ReturnType<typeof useProductPage>;
  onPage: (page: number) => void;
}
