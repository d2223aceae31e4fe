import { Button, Center, Group, Loader, SimpleGrid, Text, Title } from "@mantine/core";
import type { Product } from "@spankbank/shared/contract/products";
import { useState } from "react";
import { Pager } from "@/components/Pager";
import { partnerOf } from "@/lib/partner";
import type { ProductTabProps } from "../api/getProducts";
import { ConfirmRemovalModal } from "./ConfirmRemovalModal";
import { ExpiredFavours } from "./ExpiredFavours";
import { OwedFavours } from "./OwedFavours";
import { ProductCard } from "./ProductCard";
import { ProductFormModal } from "./ProductFormModal";

/** The partner's own products, a page at a time, with add, edit and remove, and the favours they still owe. */
export function ManageTab({ signedIn, products, onPage }: ProductTabProps) {
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<Product | undefined>();
  const [removing, setRemoving] = useState<Product | undefined>();
  const own = products.data?.products ?? [];
  const openForm = (product: Product | undefined) => {
    setEditing(product);
    setFormOpened(true);
  };
  const closeForm = () => {
    setFormOpened(false);
    setEditing(undefined);
  };

  return (
    <>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2}>Manage Your Products</Title>
        <Button radius="xl" onClick={() => openForm(undefined)}>
          Add New Product
        </Button>
      </Group>
      <OwedFavours partnerName={partnerOf(signedIn).displayName} />
      <ExpiredFavours me={signedIn.user.username} side="sold" />
      {products.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading your products" />
        </Center>
      ) : own.length === 0 ? (
        <Text>No products to manage.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {own.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              actions={
                <Group grow gap="sm">
                  <Button variant="light" onClick={() => openForm(product)} aria-label={`Edit ${product.name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    color="red"
                    onClick={() => setRemoving(product)}
                    aria-label={`Remove ${product.name}`}
                  >
                    Remove
                  </Button>
                </Group>
              }
            />
          ))}
        </SimpleGrid>
      )}
      {products.data && <Pager total={products.data.pageCount} value={products.data.page} onChange={onPage} mt="lg" />}
      <ProductFormModal opened={formOpened} product={editing} onClose={closeForm} />
      <ConfirmRemovalModal product={removing} onClose={() => setRemoving(undefined)} />
    </>
  );
}
