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
import { type NumberRule, numberError, readNumber } from "@/lib/numberField";
import { cutTo } from "@/lib/textLimit";

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

export const cutName = (value: string) => cutTo(value, PRODUCT_NAME_MAX);
export const cutDescription = (value: string) => cutTo(value, PRODUCT_DESCRIPTION_MAX);

export const stepQuantity = (quantity: number, step: 1 | -1) =>
  Math.min(PRODUCT_QUANTITY_MAX, Math.max(PRODUCT_QUANTITY_MIN, quantity + step));

/** The price field's next text: at most 4 characters, kept as typed so a refusal can name what is wrong. */
export const cutPrice = (typed: string) => typed.slice(0, PRODUCT_PRICE_MAX_CHARS);

const PRICE_RULE: NumberRule = {
  label: "Price",
  min: PRODUCT_PRICE_MIN,
  max: PRODUCT_PRICE_MAX,
  whole: true,
  of: "of spanks",
  empty: 0,
};
const USE_WITHIN_RULE: NumberRule = {
  label: "Use within",
  min: USE_WITHIN_DAYS_MIN,
  max: USE_WITHIN_DAYS_MAX,
  whole: true,
  of: "of days",
  empty: "optional",
};

/** Why the typed price cannot be sent, or null when it can (empty means 0, SPEC section 5). */
export const priceError = (text: string) => numberError(text, PRICE_RULE);

/** Why the typed "use within" cannot be sent, or null when it can (empty: no expiry). */
export const expiryDaysError = (text: string) => numberError(text, USE_WITHIN_RULE);

/**
 * The body to send, or null when the spec's validation message must show instead. `shownQuantity`:
 * the stock an edit form opened with, kept as it is (a sold-out favour, 0, stays sold out while its
 * price or words change).
 */
export function productBodyOf(form: ProductForm, shownQuantity?: number): ProductBody | null {
  const name = form.name.trim();
  const description = form.description.trim();
  const quantityOk =
    (form.quantity >= PRODUCT_QUANTITY_MIN && form.quantity <= PRODUCT_QUANTITY_MAX) || form.quantity === shownQuantity;
  if (name === "" || description === "" || !quantityOk || priceError(form.price) !== null) return null;
  if (expiryDaysError(form.useWithinDays) !== null) return null;
  const price = readNumber(form.price, PRICE_RULE).value ?? 0;
  const days = readNumber(form.useWithinDays, USE_WITHIN_RULE).value;
  // Left out when empty: the body stays the spec's own for a favour that never expires.
  return {
    name,
    description,
    quantity: form.quantity,
    price,
    in_person: form.inPerson,
    ...(days === null ? {} : { useWithinDays: days }),
  };
}
