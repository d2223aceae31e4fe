import type { ProductBody } from "@spankbank/shared/contract/products";
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_PRICE_MAX_CHARS,
  PRODUCT_PRICE_MIN,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_QUANTITY_MIN,
} from "@spankbank/shared/limits";

/** What the add/edit modal holds while the partner types (SPEC section 5). */
export interface ProductForm {
  name: string;
  description: string;
  quantity: number;
  /** As typed, already cleaned: digits only, floored and clamped; empty means 0. */
  price: string;
}

export const emptyProductForm: ProductForm = { name: "", description: "", quantity: 1, price: "" };

export const INVALID_PRODUCT_MESSAGE = "Please enter a valid product name, description, quantity (1-10), and price.";

export const cutName = (value: string) => value.slice(0, PRODUCT_NAME_MAX);
export const cutDescription = (value: string) => value.slice(0, PRODUCT_DESCRIPTION_MAX);

export const stepQuantity = (quantity: number, step: 1 | -1) =>
  Math.min(PRODUCT_QUANTITY_MAX, Math.max(PRODUCT_QUANTITY_MIN, quantity + step));

/**
 * The price field's next text: at most 4 characters, numeric, floored, clamped to 0..9999; empty
 * stays empty (it means 0). Anything not numeric keeps the previous text.
 */
export function nextPrice(previous: string, typed: string): string {
  const text = typed.trim().slice(0, PRODUCT_PRICE_MAX_CHARS);
  if (text === "") return "";
  const value = Number(text);
  if (!Number.isFinite(value)) return previous;
  return String(Math.min(PRODUCT_PRICE_MAX, Math.max(PRODUCT_PRICE_MIN, Math.floor(value))));
}

/** The body to send, or null when the spec's validation message must show instead. */
export function productBodyOf(form: ProductForm): ProductBody | null {
  const name = form.name.trim();
  const description = form.description.trim();
  const price = form.price === "" ? 0 : Number(form.price);
  const quantityOk = form.quantity >= PRODUCT_QUANTITY_MIN && form.quantity <= PRODUCT_QUANTITY_MAX;
  if (name === "" || description === "" || !quantityOk || price < PRODUCT_PRICE_MIN) return null;
  return { name, description, quantity: form.quantity, price };
}
