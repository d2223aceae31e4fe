import { FAVOUR_NOTE_MAX, WISHED_AT_DAYS_MAX } from "@spankbank/shared/limits";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, type Placeholder, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { buyerAndSeller } from "./couple.js";
import { Refusal } from "./errors.js";
import { useByDayOf } from "./favourDeadlines.js";
import { transfer } from "./ledger.js";
import { enqueueEvent, withdrawAnnouncements } from "./outbox.js";
import { pageWindow } from "./paging.js";
import { LIMIT_ONE, literal, param, preparedFor, rowsOf } from "./prepared.js";
import { inventoryItems, purchases, redemptions, users } from "./schema.js";
import { cleanText } from "./text.js";

/** Units a partner owns of one product snapshot, with the seller's login name. */
export interface OwnedItem {
  id: number;
  productId: number;
  name: string;
  description: string;
  quantity: number;
  /** The price paid, per unit. */
  price: number;
  sellerUsername: string;
  /** When the next of these units expires unredeemed, and that last day on the buyer's clock; null: none expires. */
  useBy: string | null;
  useByDay: string | null;
}

/** One redeemed unit, with the seller's login name. */
export interface RedeemedItem {
  id: number;
  name: string;
  description: string;
  price: number;
  redeemedAt: string;
  confirmedAt: string | null;
  sellerUsername: string;
  note: string | null;
  wishedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
}

/** What a buyer may add to a redeem: a note to the seller and the time they wish it for. */
export interface RedeemWishes {
  note?: string | undefined;
  /** An instant (ISO 8601, any offset), not in the past. */
  wishedAt?: string | undefined;
}

/** One page of a list of the buyer's, and the totals. */
export interface FavourPage<Item> {
  items: Item[];
  page: number;
  pageCount: number;
  total: number;
}

export interface Redemption {
  redeemedItem: RedeemedItem;
  remainingQuantity: number;
}

const redeemedColumns = {
  id: redemptions.id,
  name: redemptions.name,
  description: redemptions.description,
  price: redemptions.price,
  redeemedAt: redemptions.redeemedAt,
  confirmedAt: redemptions.confirmedAt,
  sellerUsername: users.username,
  note: redemptions.note,
  wishedAt: redemptions.wishedAt,
  declinedAt: redemptions.declinedAt,
  declineReason: redemptions.declineReason,
};

const ownedColumns = {
  id: inventoryItems.id,
  productId: inventoryItems.productId,
  name: inventoryItems.name,
  description: inventoryItems.description,
  quantity: inventoryItems.quantity,
  price: inventoryItems.price,
  sellerUsername: users.username,
  buyerTimeZone: sql<string>`(SELECT ${users.timeZone} FROM ${users} WHERE ${users.id} = ${inventoryItems.buyerId})`,
  // Through purchases_item_open: the soonest deadline of the units still held.
  useBy: sql<string | null>`(SELECT MIN(${purchases.useBy}) FROM ${purchases}
    WHERE ${purchases.inventoryItemId} = ${inventoryItems.id}
      AND ${purchases.redemptionId} IS NULL AND ${purchases.expiredAt} IS NULL)`,
};

const openUnitOf = (itemId: Placeholder) =>
  and(eq(purchases.inventoryItemId, itemId), isNull(purchases.redemptionId), isNull(purchases.expiredAt));

const owned = and(eq(inventoryItems.buyerId, param("buyerId")), gt(inventoryItems.quantity, literal(0)));
const window = { limit: param("limit"), offset: param("offset") };

const statements = preparedFor((db) => ({
  // Through inventory_items_owned: only the buyer's units still held.
  inventoryCount: db.select({ total: count() }).from(inventoryItems).where(owned).prepare(),
  redeemedCount: db
    .select({ total: count() })
    .from(redemptions)
    .where(eq(redemptions.buyerId, param("buyerId")))
    .prepare(),
  inventory: db
    .select(ownedColumns)
    .from(inventoryItems)
    .innerJoin(users, eq(users.id, inventoryItems.sellerId))
    .where(owned)
    .orderBy(desc(inventoryItems.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(),
  redeemed: db
    .select(redeemedColumns)
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.sellerId))
    .where(eq(redemptions.buyerId, param("buyerId")))
    .orderBy(desc(redemptions.redeemedAt), desc(redemptions.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(),
  redeemedById: db
    .select(redeemedColumns)
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.sellerId))
    .where(eq(redemptions.id, param("id")))
    .prepare(),
  item: db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.id, param("id")))
    .prepare(),
  redemption: db
    .select()
    .from(redemptions)
    .where(eq(redemptions.id, param("id")))
    .prepare(),
  // The unit a redeem uses: the open one expiring first, else one without a deadline (both in
  // purchases_item_open's order: no sort step).
  openUnitWithDeadline: db
    .select({ id: purchases.id, useBy: purchases.useBy })
    .from(purchases)
    .where(and(openUnitOf(param("itemId")), isNotNull(purchases.useBy)))
    .orderBy(asc(purchases.useBy), asc(purchases.id))
    .limit(LIMIT_ONE)
    .prepare(),
  // The unit to redeem: the one whose deadline comes first among those still in date.
  openUnitInDate: db
    .select({ id: purchases.id, useBy: purchases.useBy })
    .from(purchases)
    .where(and(openUnitOf(param("itemId")), gt(purchases.useBy, param("now"))))
    .orderBy(asc(purchases.useBy), asc(purchases.id))
    .limit(LIMIT_ONE)
    .prepare(),
  openUnitWithoutDeadline: db
    .select({ id: purchases.id, useBy: purchases.useBy })
    .from(purchases)
    .where(and(openUnitOf(param("itemId")), isNull(purchases.useBy)))
    .orderBy(asc(purchases.id))
    .limit(LIMIT_ONE)
    .prepare(),
  linkUnit: db
    .update(purchases)
    .set({ redemptionId: sql`${param("redemptionId")}` })
    .where(eq(purchases.id, param("id")))
    .prepare(),
}));

/** The lists read on every view of the Inventory and Redeemed tabs, as rows mapped once (`rowsOf`). */
const listRows = preparedFor((db) => ({
  owned: rowsOf(statements(db).inventory, ownedColumns),
  redeemed: rowsOf(statements(db).redeemed, redeemedColumns),
}));

/** SQLite's LIMIT -1: every row. */
const EVERY_ROW = { limit: -1, offset: 0 };

/** The buyer's unredeemed units, newest snapshot first. */
export function listInventory(db: Db, buyerId: number): OwnedItem[] {
  return ownedItems(db, buyerId, EVERY_ROW);
}

/** One page of the buyer's unredeemed units, newest snapshot first. A page past the end answers the last page. */
export function inventoryPage(db: Db, buyerId: number, page: number, pageSize: number): FavourPage<OwnedItem> {
  const total = statements(db).inventoryCount.get({ buyerId })?.total ?? 0;
  const window = pageWindow(total, page, pageSize);
  return { items: ownedItems(db, buyerId, window), page: window.page, pageCount: window.pageCount, total };
}

function ownedItems(db: Db, buyerId: number, window: { limit: number; offset: number }): OwnedItem[] {
  return listRows(db)
    .owned({ buyerId, limit: window.limit, offset: window.offset })
    .map(({ buyerTimeZone, useBy, ...item }) => ({
      ...item,
      useBy,
      useByDay: useBy === null ? null : useByDayOf(useBy, buyerTimeZone),
    }));
}

/** The buyer's redeemed units, most recently redeemed first. */
export function listRedeemed(db: Db, buyerId: number): RedeemedItem[] {
  return listRows(db).redeemed({ buyerId, ...EVERY_ROW });
}

/** One page of the buyer's redeemed units, most recently redeemed first. A page past the end answers the last page. */
export function redeemedPage(db: Db, buyerId: number, page: number, pageSize: number): FavourPage<RedeemedItem> {
  const total = statements(db).redeemedCount.get({ buyerId })?.total ?? 0;
  const window = pageWindow(total, page, pageSize);
  const items = listRows(db).redeemed({ buyerId, limit: window.limit, offset: window.offset });
  return { items, page: window.page, pageCount: window.pageCount, total };
}

/**
 * Turns one unit of the buyer's own inventory item into a redeemed item, with the buyer's note
 * and wished time if given; the seller is told. The unit used is the one expiring first.
 */
export function redeemItem(
  db: Db,
  buyerId: number,
  itemId: number,
  now = new Date(),
  wishes: RedeemWishes = {},
): Redemption {
  const note =
    wishes.note === undefined ? null : cleanText(wishes.note, { field: "note", max: FAVOUR_NOTE_MAX, multiline: true });
  const wishedAt = wishes.wishedAt === undefined ? null : checkedWishedAt(wishes.wishedAt, now);
  return inTransaction(db, (tx) => {
    const item = statements(tx).item.get({ id: itemId });
    // Someone else's item answers like a missing one: it reveals nothing.
    if (!item || item.buyerId !== buyerId) throw new Refusal("not_found", "That item is not in your inventory.");
    if (item.quantity < 1) throw new Refusal("conflict", `You have no "${item.name}" left to redeem.`);
    // A unit past its last day (the deadline check, every quarter hour, has not settled it yet)
    // holds up none still in date.
    const unit =
      statements(tx).openUnitInDate.get({ itemId, now: isoNow(now) }) ??
      statements(tx).openUnitWithoutDeadline.get({ itemId });
    if (!unit && statements(tx).openUnitWithDeadline.get({ itemId })) {
      throw new Refusal("conflict", `"${item.name}" expired unused: its spanks are on their way back to you.`);
    }
    const { quantity: remainingQuantity } = tx
      .update(inventoryItems)
      .set({ quantity: sql`${inventoryItems.quantity} - 1` })
      .where(eq(inventoryItems.id, itemId))
      .returning({ quantity: inventoryItems.quantity })
      .get();
    const { id } = tx
      .insert(redemptions)
      .values({
        inventoryItemId: item.id,
        buyerId,
        sellerId: item.sellerId,
        name: item.name,
        description: item.description,
        price: item.price,
        redeemedAt: isoNow(now),
        note,
        wishedAt,
      })
      .returning({ id: redemptions.id })
      .get();
    if (unit) {
      statements(tx).linkUnit.run({ id: unit.id, redemptionId: id });
      withdrawAnnouncements(tx, "favour_expiring", unit.id, "the favour was redeemed", now);
    }
    enqueueEvent(
      tx,
      "item_redeemed",
      { redemptionId: id, ...buyerAndSeller(tx, buyerId, item.sellerId), name: item.name, note, wishedAt },
      now,
      item.sellerId,
    );
    return { redeemedItem: redeemedItem(tx, id), remainingQuantity };
  });
}

/** The buyer says the favour was delivered: escrow pays the seller the price paid, once. */
export function confirmRedemption(db: Db, buyerId: number, redemptionId: number, now = new Date()): RedeemedItem {
  return inTransaction(db, (tx) => {
    const redemption = statements(tx).redemption.get({ id: redemptionId });
    if (!redemption || redemption.buyerId !== buyerId) {
      throw new Refusal("not_found", "That redeemed item is not yours.");
    }
    if (redemption.confirmedAt !== null) {
      throw new Refusal("conflict", `"${redemption.name}" was already confirmed.`);
    }
    if (redemption.declinedAt !== null) {
      throw new Refusal("conflict", `"${redemption.name}" was declined: its spanks went back to you.`);
    }
    const paid =
      redemption.price > 0
        ? transfer(tx, {
            from: "escrow",
            to: { userId: redemption.sellerId },
            amount: redemption.price,
            kind: "confirm",
            reference: `redemption:${redemption.id}`,
            memo: `"${redemption.name}" delivered`,
            now,
          })
        : undefined;
    tx.update(redemptions)
      .set({ confirmedAt: isoNow(now), confirmTransferId: paid?.id ?? null })
      .where(and(eq(redemptions.id, redemptionId), isNull(redemptions.confirmedAt), isNull(redemptions.declinedAt)))
      .run();
    enqueueEvent(
      tx,
      "redemption_confirmed",
      {
        redemptionId,
        ...buyerAndSeller(tx, buyerId, redemption.sellerId),
        name: redemption.name,
        price: redemption.price,
      },
      now,
      redemption.sellerId,
    );
    return redeemedItem(tx, redemptionId);
  });
}

/** A wished time as stored (UTC ISO): a real instant, not in the past, at most WISHED_AT_DAYS_MAX ahead. */
function checkedWishedAt(value: string, now: Date): string {
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new Refusal("invalid", "wishedAt: must be a date and time");
  // To the minute: a time picked in the form a moment ago is not "in the past".
  if (at < Math.floor(now.getTime() / 60_000) * 60_000)
    throw new Refusal("invalid", "wishedAt: must not be in the past");
  if (at > now.getTime() + WISHED_AT_DAYS_MAX * 86_400_000) {
    throw new Refusal("invalid", `wishedAt: must be within ${WISHED_AT_DAYS_MAX} days`);
  }
  return isoNow(new Date(at));
}

export function redeemedItem(db: Db, redemptionId: number): RedeemedItem {
  return statements(db).redeemedById.get({ id: redemptionId })!;
}
