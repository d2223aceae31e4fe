import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { transfers } from "./economy.js";
import { users } from "./people.js";

/** A favour listed in the marketplace. Removing it is a soft delete (removed_at). */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Units still available: listed at 1..10, sold down to 0. */
    quantity: integer("quantity").notNull(),
    price: integer("price").notNull(),
    /** "Use within N days": a unit bought and not redeemed by then expires and is refunded. */
    useWithinDays: integer("use_within_days"),
    /** A favour done in person: it waits for the next visit (the visit page lists it). */
    inPerson: integer("in_person", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    removedAt: text("removed_at"),
  },
  (t) => [
    // A seller's listings not removed, newest first (Manage Products, the Shop's own part), read in index order.
    index("products_seller_shelf").on(t.sellerId, t.removedAt, t.createdAt, t.id),
    // The shop's list: products not removed, newest first, read in index order.
    index("products_shelf").on(t.removedAt, t.createdAt, t.id),
    check("products_name_length", sql`length(${t.name}) BETWEEN 1 AND 60`),
    check("products_description_length", sql`length(${t.description}) BETWEEN 1 AND 300`),
    check("products_quantity_range", sql`${t.quantity} BETWEEN 0 AND 10`),
    check("products_price_range", sql`${t.price} BETWEEN 0 AND 9999`),
  ],
);

/**
 * What a partner owns: units bought of one product at one snapshot (name, description, price,
 * seller), so later edits or removal of the product never change what was bought.
 */
export const inventoryItems = sqliteTable(
  "inventory_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    uniqueIndex("inventory_items_snapshot").on(t.buyerId, t.productId, t.price, t.name, t.description),
    // A buyer's inventory, newest first (the id order), without a sort step.
    index("inventory_items_owned").on(t.buyerId, t.id),
    check("inventory_items_quantity", sql`${t.quantity} >= 0`),
    check("inventory_items_price_range", sql`${t.price} BETWEEN 0 AND 9999`),
  ],
);

/**
 * Every purchase, one unit each, with the transfer that paid for it (null for a free favour).
 * A unit ends redeemed (`redemption_id`) or, past its `use_by`, expired and refunded.
 */
export const purchases = sqliteTable(
  "purchases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    price: integer("price").notNull(),
    transferId: integer("transfer_id").references(() => transfers.id),
    createdAt: text("created_at").notNull(),
    /** The instant an unredeemed unit expires (the end of its last day on the buyer's clock), or null. */
    useBy: text("use_by"),
    /** From when the buyer is reminded (at a waking hour), or null when the window is too short for one. */
    remindFrom: text("remind_from"),
    remindedAt: text("reminded_at"),
    /** The redemption this unit became (units redeemed before this column existed have none). */
    redemptionId: integer("redemption_id").references((): AnySQLiteColumn => redemptions.id),
    expiredAt: text("expired_at"),
    refundTransferId: integer("refund_transfer_id").references(() => transfers.id),
    /** When each partner was told it expired (the toast on their next visit), once each. */
    expiryNoticedByBuyerAt: text("expiry_noticed_by_buyer_at"),
    expiryNoticedBySellerAt: text("expiry_noticed_by_seller_at"),
  },
  (t) => [
    // Which unit of an inventory item a redeem uses: the open one expiring first.
    index("purchases_item_open")
      .on(t.inventoryItemId, t.useBy)
      .where(sql`${t.redemptionId} IS NULL AND ${t.expiredAt} IS NULL`),
    // The deadline check reads only units with a deadline still open.
    index("purchases_deadlines")
      .on(t.useBy)
      .where(sql`${t.useBy} IS NOT NULL AND ${t.redemptionId} IS NULL AND ${t.expiredAt} IS NULL`),
    // The expired favours both partners are told about, newest first.
    index("purchases_expired").on(t.expiredAt).where(sql`${t.expiredAt} IS NOT NULL`),
  ],
);

/** One redeemed unit. Confirming pays the seller from escrow. */
export const redemptions = sqliteTable(
  "redemptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    price: integer("price").notNull(),
    redeemedAt: text("redeemed_at").notNull(),
    confirmedAt: text("confirmed_at"),
    confirmTransferId: integer("confirm_transfer_id").references(() => transfers.id),
    /** The buyer's note to the seller, and the time they wish it for. */
    note: text("note"),
    wishedAt: text("wished_at"),
    /** The seller said no, with a reason: the escrow went back to the buyer. */
    declinedAt: text("declined_at"),
    declineReason: text("decline_reason"),
    declineTransferId: integer("decline_transfer_id").references(() => transfers.id),
  },
  (t) => [
    index("redemptions_buyer").on(t.buyerId, t.redeemedAt),
    // The seller's favours still owed (GET /api/owed): open redemptions only.
    index("redemptions_seller_open")
      .on(t.sellerId, t.redeemedAt)
      .where(sql`${t.confirmedAt} IS NULL AND ${t.declinedAt} IS NULL`),
  ],
);
