import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** Every product still listed, by both partners. */
export function getProducts(signal?: AbortSignal) {
  return api.get("/api/products", () => import("@spankbank/shared/contract/products").then((c) => c.productList), {
    signal,
  });
}

export const productsQueryOptions = queryOptions({
  queryKey: spankBankKeys.products(),
  queryFn: ({ signal }) => getProducts(signal),
});

export const useProducts = () => useQuery(productsQueryOptions);
