import { z } from "zod";
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_PRICE_MIN,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_QUANTITY_MIN,
  USE_WITHIN_DAYS_MAX,
  USE_WITHIN_DAYS_MIN,
} from "../limits.js";
import { isoDate, pageQuery, text, usernameQuery } from "./common.js";

/** What an edit from a form opened before another change of the favour is refused with (409). */
export const PRODUCT_CHANGED_SINCE =
  "This favour was changed since you opened it (on another device): nothing was saved. Look at it again and redo your change.";
/** What a removal from a page painted before a change of the favour is refused with (409). */
export const PRODUCT_CHANGED_BEFORE_REMOVAL =
  "This favour was changed since your page showed it (on another device), so it was not removed. Look at it again first.";

export const productBody = z.object({
  name: text(PRODUCT_NAME_MAX),
  description: text(PRODUCT_DESCRIPTION_MAX, { multiline: true }),
  quantity: z.int().min(PRODUCT_QUANTITY_MIN).max(PRODUCT_QUANTITY_MAX),
  price: z.int().min(PRODUCT_PRICE_MIN).max(PRODUCT_PRICE_MAX),
  /** "Use within N days" of purchase, or null (or left out) for no expiry. */
  useWithinDays: z.int().min(USE_WITHIN_DAYS_MIN).max(USE_WITHIN_DAYS_MAX).nullable().optional(),
  /** Done in person: it waits for the next visit (issue 22). Left out on an edit, it stays as it was. */
  in_person: z.boolean().optional(),
  username: z.string().min(1).max(64).optional(),
});
export type ProductBody = z.infer<typeof productBody>;

/**
 * PUT /api/products/{id}: `shown_quantity` is the quantity the edit form showed. The stock then
 * moves by what the seller changed (quantity − shown_quantity), so a unit bought while the form was
 * open stays bought; without it, quantity is written as sent.
 */
export const productChangeBody = productBody
  .extend({
    // A sold-out favour (0) edited as it stands stays sold out: 0 is the quantity shown, unchanged.
    quantity: z.int().min(0).max(PRODUCT_QUANTITY_MAX),
    shown_quantity: z.int().min(0).max(PRODUCT_QUANTITY_MAX).optional(),
    /**
     * The `updated_at` of the product as the form showed it: one changed since (on another device) is
     * refused 409, not overwritten. Left out (an older page), the edit is written as before.
     */
    based_on: isoDate.optional(),
  })
  .refine((body) => body.quantity >= PRODUCT_QUANTITY_MIN || body.quantity === body.shown_quantity, {
    path: ["quantity"],
    message: `Too small: expected number to be >=${PRODUCT_QUANTITY_MIN} (0 only to keep a sold-out favour as it is)`,
  });
export type ProductChangeBody = z.infer<typeof productChangeBody>;

export const product = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  quantity: z.int(),
  price: z.int(),
  /** The seller's login name. */
  username: z.string(),
  /** Done in person, on a visit. */
  in_person: z.boolean(),
  created_at: isoDate,
  /** A bought unit not redeemed within this many days expires and is refunded; null: never. */
  use_within_days: z.int().nullable(),
  /** The version of the seller's last change (a sale leaves it): sent back as `based_on`. */
  updated_at: isoDate,
});
export type Product = z.infer<typeof product>;

export const productList = z.array(product);

/**
 * `GET /api/products?page=&pageSize=&username=`: bare, the spec's plain list (the newest
 * LIST_WINDOW). With `page` or `pageSize`: a page of the Shop, the partner's favours first, then
 * one's own, each newest first. With `username` (the signed-in partner): a page of one's own
 * listings, for Manage Products.
 */
export const productsQuery = pageQuery.extend(usernameQuery.shape);
export const productsPage = z.object({
  products: productList,
  page: z.int(),
  pageCount: z.int(),
  total: z.int(),
});
export type ProductsPage = z.infer<typeof productsPage>;
export const productReply = z.object({ product });

/**
 * DELETE /api/products/{id}: `based_on` is the product's `updated_at` as the page showed it; one
 * changed since stays in the Shop (409). Left out, it is removed as before.
 */
export const productRemovalQuery = usernameQuery.extend({ based_on: isoDate.optional() });
