import type { ProductBody } from "@spankbank/shared/contract/products";
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_PRICE_MAX_CHARS,
  PRODUCT_PRICE_MIN,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_QUANTITY_MIN,
  USE_WITHIN_DAYS_MAX,
  USE_WITHIN_DAYS_MIN,
} from "@spankbank/shared/limits";

/** What the add/edit modal holds while the partner types (SPEC section 5). */
export interface ProductForm {
  name: string;
  description: string;
  quantity: number;
  /** As typed (at most 4 characters); empty means 0. Checked by `priceError` before anything is sent. */
  price: string;
  /** "Use within N days" as typed; empty: bought units never expire. */
  useWithinDays: string;
  /** Done in person: it waits for the next visit (the visit page lists it). */
  inPerson: boolean;
}

export const emptyProductForm: ProductForm = {
  name: "",
  description: "",
  quantity: 1,
  price: "",
  useWithinDays: "",
  inPerson: false,
};

export const INVALID_PRODUCT_MESSAGE = "Please enter a valid product name, description, quantity (1-10), and price.";

export const cutName = (value: string) => value.slice(0, PRODUCT_NAME_MAX);
export const cutDescription = (value: string) => value.slice(0, PRODUCT_DESCRIPTION_MAX);

export const stepQuantity = (quantity: number, step: 1 | -1) =>
  Math.min(PRODUCT_QUANTITY_MAX, Math.max(PRODUCT_QUANTITY_MIN, quantity + step));

/** The price field's next text: at most 4 characters, kept as typed so a refusal can name what is wrong. */
export const cutPrice = (typed: string) => typed.slice(0, PRODUCT_PRICE_MAX_CHARS);

export const PRICE_NOT_WHOLE_MESSAGE = `Price must be a whole number of spanks from ${PRODUCT_PRICE_MIN} to ${PRODUCT_PRICE_MAX}.`;

/**
 * Why the typed price cannot be sent, or null when it can. Only digits pass: `12.5`, `2.99` and
 * `7,50` are refused rather than read as 125, 299 or 750 (a price is never multiplied), and `-5`
 * is refused rather than turned into 0. Empty means 0 (SPEC section 5).
 */
export function priceError(text: string): string | null {
  const price = text.trim();
  if (price === "") return null;
  return /^\d+$/.test(price) && Number(price) <= PRODUCT_PRICE_MAX ? null : PRICE_NOT_WHOLE_MESSAGE;
}

export const USE_WITHIN_DAYS_MESSAGE = `Use within must be a whole number of days from ${USE_WITHIN_DAYS_MIN} to ${USE_WITHIN_DAYS_MAX}, or empty.`;

/** Why the typed "use within" cannot be sent, or null when it can (empty: no expiry). */
export function expiryDaysError(text: string): string | null {
  const days = text.trim();
  if (days === "") return null;
  return /^\d+$/.test(days) && Number(days) >= USE_WITHIN_DAYS_MIN && Number(days) <= USE_WITHIN_DAYS_MAX
    ? null
    : USE_WITHIN_DAYS_MESSAGE;
}

/** The body to send, or null when the spec's validation message must show instead. */
export function productBodyOf(form: ProductForm): ProductBody | null {
  const name = form.name.trim();
  const description = form.description.trim();
  const quantityOk = form.quantity >= PRODUCT_QUANTITY_MIN && form.quantity <= PRODUCT_QUANTITY_MAX;
  if (name === "" || description === "" || !quantityOk || priceError(form.price) !== null) return null;
  if (expiryDaysError(form.useWithinDays) !== null) return null;
  const price = form.price.trim() === "" ? 0 : Number(form.price.trim());
  const days = form.useWithinDays.trim();
  // Left out when empty: the body stays the spec's own for a favour that never expires.
  return {
    name,
    description,
    quantity: form.quantity,
    price,
    in_person: form.inPerson,
    ...(days === "" ? {} : { useWithinDays: Number(days) }),
  };
}
