import { z } from "zod";
import { PRODUCT_PRICE_MAX, PRODUCT_PRICE_MIN, PURCHASE_QUANTITY } from "../limits.js";
import { isoDate } from "./common.js";

export const spankTotalQuery = z.object({ discordId: z.string().min(1).max(32).optional() });
export const spankTotalReply = z.object({ spankTotal: z.int() });

export const purchaseBody = z.object({
  productId: z.int().positive(),
  quantity: z.literal(PURCHASE_QUANTITY).default(PURCHASE_QUANTITY),
  /** The price the buyer saw: a different current price is refused (409) rather than charged. */
  expectedPrice: z.int().min(PRODUCT_PRICE_MIN).max(PRODUCT_PRICE_MAX).optional(),
  /**
   * The product's `updated_at` as the buyer's page showed it: a favour changed since (renamed,
   * reworded, another expiry, even at the same price) is refused (409) rather than sold unseen.
   */
  based_on: isoDate.optional(),
});
export const purchaseReply = z.object({ success: z.literal(true), newSpankTotal: z.int(), message: z.string() });
/** A business refusal (sold out, not enough spanks, own product): 409 with this body. */
export const purchaseRefusal = z.object({ success: z.literal(false), message: z.string() });

export const charityQuery = z.object({ charityName: z.string().min(1).max(100).optional() });
export const charityReply = z.object({ charitySpankTotal: z.int() });

export const transactionsQuery = z.object({ page: z.coerce.number().int().min(1).max(100000).default(1) });
export const transaction = z.object({
  id: z.int(),
  kind: z.string(),
  /** Signed from the signed-in user's side: positive came in, negative went out. */
  amount: z.int(),
  memo: z.string(),
  created_at: isoDate,
  balance_after: z.int(),
});
export const transactionsReply = z.object({
  transactions: z.array(transaction),
  page: z.int(),
  pageCount: z.int(),
});
