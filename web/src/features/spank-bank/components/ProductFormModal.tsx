import { ActionIcon, Checkbox, Group, Modal, Text, Textarea, TextInput } from "@mantine/core";
import type { Product } from "@spankbank/shared/contract/products";
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX_CHARS,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_QUANTITY_MIN,
} from "@spankbank/shared/limits";
import { type FormEvent, useState } from "react";
import { counterBelow, ModalForm } from "@/components/ModalForm";
import { newWrite } from "@/lib/api";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { type ProductSave, useSaveProduct } from "../api/saveProduct";
import {
  cutDescription,
  cutName,
  cutPrice,
  emptyProductForm,
  expiryDaysError,
  INVALID_PRODUCT_MESSAGE,
  type ProductForm,
  priceError,
  productBodyOf,
  stepQuantity,
} from "./productForm";

const formOf = (product: Product | undefined): ProductForm =>
  product
    ? {
        name: product.name,
        description: product.description,
        quantity: product.quantity,
        price: String(product.price),
        useWithinDays: product.use_within_days === null ? "" : String(product.use_within_days),
        inPerson: product.in_person,
      }
    : emptyProductForm;

/** Add or edit one of the partner's own products. Closing or saving resets the form (SPEC section 4). */
export function ProductFormModal({
  opened,
  product,
  onClose,
}: {
  opened: boolean;
  /** The product being edited; none when adding. */
  product: Product | undefined;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => formOf(product));
  const [invalid, setInvalid] = useState(false);
  const [shownFor, setShownFor] = useState<Product | undefined>(product);
  // One write from opening to closing: pressed again after a lost answer, with a typo fixed, it is
  // still this favour (or this edit), never a second one.
  const [write, setWrite] = useState(newWrite);
  const save = useSaveProduct();
  // Opening for another product (or for a new one) starts from that product's values.
  if (shownFor !== product) {
    setShownFor(product);
    setForm(formOf(product));
    setInvalid(false);
    setWrite(newWrite());
  }
  const set = (changes: Partial<ProductForm>) => setForm((current) => ({ ...current, ...changes }));
  const close = () => {
    setForm(formOf(undefined));
    setInvalid(false);
    setWrite(newWrite());
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = productBodyOf(form, product?.quantity);
    if (!body) {
      setInvalid(true);
      return;
    }
    // A unit bought while the form was open stays bought: the server moves the stock by this change.
    // A favour changed since on another device (based_on) is refused, not overwritten with this form's words.
    const saving: ProductSave = product
      ? { id: product.id, body: { ...body, shown_quantity: product.quantity, based_on: product.updated_at }, write }
      : { body, write };
    // Written already: this form's write is done, and the list shows it as it was saved.
    save.mutate(saving, { onSuccess: close, onError: (error) => closeIfWrittenAlready(error, close) });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={product ? "Edit Product" : "Add New Product"}
      closeButtonProps={{ "aria-label": "Close the form" }}
      centered
      size="md"
    >
      <ModalForm
        onSubmit={submit}
        error={invalid && INVALID_PRODUCT_MESSAGE}
        cancel={{ label: "Cancel", onClick: close }}
        submit={{ label: product ? "Update Product" : "Add Product", loading: save.isPending }}
      >
        <TextInput
          label="Name"
          value={form.name}
          onChange={(event) => set({ name: cutName(event.currentTarget.value) })}
          description={`${form.name.length}/${PRODUCT_NAME_MAX}`}
          inputWrapperOrder={counterBelow}
          data-autofocus
        />
        <Textarea
          label="Description"
          value={form.description}
          onChange={(event) => set({ description: cutDescription(event.currentTarget.value) })}
          description={`${form.description.length}/${PRODUCT_DESCRIPTION_MAX}`}
          inputWrapperOrder={counterBelow}
          autosize
          minRows={3}
          maxRows={8}
        />
        <div>
          <Text component="span" id="product-quantity-label" size="sm" fw={500} display="block" mb={4}>
            Quantity
          </Text>
          <Group gap="sm" role="group" aria-labelledby="product-quantity-label">
            <ActionIcon
              variant="light"
              size="lg"
              radius="xl"
              aria-label="Decrease quantity"
              disabled={form.quantity <= PRODUCT_QUANTITY_MIN}
              onClick={() => set({ quantity: stepQuantity(form.quantity, -1) })}
            >
              <span aria-hidden="true">−</span>
            </ActionIcon>
            <Text component="output" fw={700} size="lg" miw={24} ta="center" aria-live="polite">
              {form.quantity}
            </Text>
            <ActionIcon
              variant="light"
              size="lg"
              radius="xl"
              aria-label="Increase quantity"
              disabled={form.quantity >= PRODUCT_QUANTITY_MAX}
              onClick={() => set({ quantity: stepQuantity(form.quantity, 1) })}
            >
              <span aria-hidden="true">+</span>
            </ActionIcon>
          </Group>
        </div>
        <TextInput
          label="Price (Spanks)"
          inputMode="numeric"
          placeholder="0"
          value={form.price}
          onChange={(event) => set({ price: cutPrice(event.currentTarget.value) })}
          maxLength={PRODUCT_PRICE_MAX_CHARS}
          error={priceError(form.price)}
          errorProps={{ role: "alert" }}
        />
        <TextInput
          label="Use within (days)"
          description="Optional: a favour not redeemed in time goes back as spanks"
          inputMode="numeric"
          placeholder="No limit"
          value={form.useWithinDays}
          onChange={(event) => set({ useWithinDays: event.currentTarget.value.slice(0, 3) })}
          maxLength={3}
          error={expiryDaysError(form.useWithinDays)}
          errorProps={{ role: "alert" }}
        />
        <Checkbox
          label="In person"
          description="A favour for when you're together: it waits for your next visit"
          checked={form.inPerson}
          onChange={(event) => set({ inPerson: event.currentTarget.checked })}
        />
      </ModalForm>
    </Modal>
  );
}
