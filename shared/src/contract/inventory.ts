import { z } from "zod";
import { DECLINE_REASON_MAX, FAVOUR_NOTE_MAX } from "../limits.js";
import { isoDate, pageQuery, text, usernameQuery } from "./common.js";

/** A calendar day, YYYY-MM-DD. */
const day = z.iso.date();

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
  /** When the next unit to expire does (the end of its last day), or null when none expires. */
  use_by: isoDate.nullable(),
  /** That last day on the buyer's clock: "use by" it. */
  use_by_day: day.nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;
export const inventoryReply = z.object({ inventory: z.array(inventoryItem) });

/**
 * `?username=&page=&pageSize=` of the inventory and of Redeemed: bare, the newest LIST_WINDOW;
 * with `page` or `pageSize`, one page and the totals.
 */
export const favourListQuery = pageQuery.extend(usernameQuery.shape);
const pageFields = z.object({ page: z.int(), pageCount: z.int(), total: z.int() });
export const inventoryPage = inventoryReply.extend(pageFields.shape);
export type InventoryPage = z.infer<typeof inventoryPage>;
/** What the route answers, either form as one object (one schema for the serialiser, no union to try). */
export const inventoryAnswer = inventoryReply.extend(pageFields.partial().shape);

export const redeemedItem = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** The spanks paid for it: held in escrow until it is confirmed, or back with the buyer if declined. */
  price: z.int(),
  redeemed_at: isoDate,
  confirmed_at: isoDate.nullable(),
  username: z.string(),
  /** The buyer's note to the seller, and the time they wished it for. */
  note: z.string().nullable(),
  wished_at: isoDate.nullable(),
  /** The seller declined it (the spanks went back to the buyer), with their reason. */
  declined_at: isoDate.nullable(),
  decline_reason: z.string().nullable(),
});
export type RedeemedItem = z.infer<typeof redeemedItem>;
export const redeemedReply = z.object({ redeemedItems: z.array(redeemedItem) });
export const redeemedPage = redeemedReply.extend(pageFields.shape);
export type RedeemedPage = z.infer<typeof redeemedPage>;
export const redeemedAnswer = redeemedReply.extend(pageFields.partial().shape);

export const itemBody = z.object({ itemId: z.int().positive() });
/** Redeem: the item, and optionally a note and a wished time (an instant, not in the past). */
export const redeemBody = itemBody.extend({
  note: text(FAVOUR_NOTE_MAX, { multiline: true }).optional(),
  wishedAt: z.iso.datetime({ offset: true }).optional(),
});
export type RedeemBody = z.infer<typeof redeemBody>;
/** Decline: the seller's redeemed item (a redeemed item id) and why. */
export const declineBody = itemBody.extend({ reason: text(DECLINE_REASON_MAX) });
export type DeclineBody = z.infer<typeof declineBody>;
export const declineReply = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Spanks that went back from escrow to the buyer. */
  refunded: z.int().min(0),
});
export const redeemReply = z.object({ redeemedItem, remainingQuantity: z.int().min(0) });
export const confirmRedeemReply = z.object({ success: z.literal(true), message: z.string() });
