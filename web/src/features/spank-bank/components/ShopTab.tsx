import { Center, Loader, SimpleGrid, Text, Title } from "@mantine/core";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import { partnerOf } from "@/lib/partner";
import { useProducts } from "../api/getProducts";
import { BuyNow } from "./BuyNow";
import { ProductCard } from "./ProductCard";

/** The partner's favours first (the ones to buy), then one's own, each in the server's order. */
function partnersFirst<T extends { username: string }>(products: readonly T[], me: string): T[] {
  return [...products.filter((product) => product.username !== me), ...products.filter((p) => p.username === me)];
}

/** Every listed favour, both partners', each with Buy Now. */
export function ShopTab({ signedIn }: { signedIn: SessionReply }) {
  const products = useProducts();
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
      products.isError || products.data.length === 0 ? (
        <Text>No products available.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {partnersFirst(products.data, signedIn.user.username).map((product) => {
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
      )}
    </>
  );
}
