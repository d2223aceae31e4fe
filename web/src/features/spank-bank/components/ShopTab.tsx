import { Center, Loader, SimpleGrid, Text, Title } from "@mantine/core";
import { Pager } from "@/components/Pager";
import { partnerOf } from "@/lib/partner";
import type { ProductTabProps } from "../api/getProducts";
import { BuyNow } from "./BuyNow";
import { ProductCard } from "./ProductCard";

/** Every listed favour, a page at a time: the partner's first (the ones to buy), then one's own, each with Buy Now. */
export function ShopTab({ signedIn, products, onPage }: ProductTabProps) {
  const partnerName = partnerOf(signedIn).displayName;
  return (
    <>
      <Title order={2} mb="md">
        Available Products
      </Title>
      {products.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading products" />
        </Center>
      ) : // SPEC section 8: a failed load empties the list.
      products.isError || products.data.products.length === 0 ? (
        <Text>No products available.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {products.data.products.map((product) => {
              const own = product.username === signedIn.user.username;
              return (
                <ProductCard
                  key={product.id}
                  product={product}
                  actions={<BuyNow product={product} own={own} partnerName={partnerName} />}
                />
              );
            })}
          </SimpleGrid>
          <Pager total={products.data.pageCount} value={products.data.page} onChange={onPage} mt="lg" />
        </>
      )}
    </>
  );
}
