import { z } from "zod";
import { isoDate } from "./common.js";

export const inventoryItem = z.object({
  id: z.int(),
  productId: z.int(),
  name: z.string(),
  description: z.string(),
  quantity: z.int(),
  /** The price paid, per unit. */
  price: z.int(),
  /** The seller's login name. */
  username: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;
export const inventoryReply = z.object({ inventory: z.array(inventoryItem) });

export const redeemedItem = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  redeemed_at: isoDate,
  confirmed_at: isoDate.nullable(),
  username: z.string(),
});
export type RedeemedItem = z.infer<typeof redeemedItem>;
export const redeemedReply = z.object({ redeemedItems: z.array(redeemedItem) });

export const itemBody = z.object({ itemId: z.int().positive() });
export const redeemReply = z.object({ redeemedItem, remainingQuantity: z.int().min(0) });
export const confirmRedeemReply = z.object({ success: z.literal(true), message: z.string() });
