import { startOfDay } from "@spankbank/shared/calendar";
import { type DayWindow, partnerStateAt } from "@spankbank/shared/eachOthersDay";
import { EXPIRY_REMINDER_DAYS } from "@spankbank/shared/limits";
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { type Db, eachInItsOwnSavepoint, inTransaction, type Tx } from "./client.js";
import { addDays, dayIn, endOfDay, isoNow } from "./clock.js";
import { buyerAndSeller, userById } from "./couple.js";
import { transfer } from "./ledger.js";
import { enqueueEvent, withdrawAnnouncements } from "./outbox.js";
import { param, preparedFor } from "./prepared.js";
import { inventoryItems, purchases } from "./schema.js";

/** When a unit bought at `purchasedAt` must be redeemed by, and from when its buyer is reminded. */
export interface FavourDeadline {
  /** The last day to redeem it, on the buyer's clock (YYYY-MM-DD). */
  useByDay: string;
  /** The instant it expires: the end of that day (the next local midnight, DST included). */
  useBy: string;
  /** The start of the day EXPIRY_REMINDER_DAYS before it expires, or null when that is not after the purchase. */
  remindFrom: string | null;
}

/**
 * "Use within N days": the N calendar days after the day of purchase on the buyer's clock, to
 * their end, so a DST change never shortens or stretches the last day by an hour.
 */
export function favourDeadline(timeZone: string, purchasedAt: Date, useWithinDays: number): FavourDeadline {
  const useByDay = addDays(dayIn(timeZone, purchasedAt), useWithinDays);
  return { useByDay, ...lastDayOn(useByDay, timeZone, purchasedAt) };
}

/** The end of the last day `useByDay` on the clock of `timeZone`, and the reminder before it (none before the purchase). */
function lastDayOn(useByDay: string, timeZone: string, purchasedAt: Date): Omit<FavourDeadline, "useByDay"> {
  const remindFrom = startOfDay(addDays(useByDay, 1 - EXPIRY_REMINDER_DAYS), timeZone);
  return {
    useBy: endOfDay(useByDay, timeZone),
    remindFrom: remindFrom.getTime() > purchasedAt.getTime() ? isoNow(remindFrom) : null,
  };
}

/** The last day to use a unit expiring at `useBy`, on the buyer's clock. */
export function useByDayOf(useBy: string, timeZone: string): string {
  return dayIn(timeZone, new Date(Date.parse(useBy) - 1));
}

/**
 * A buyer who moved (a new timeZone in couple.config.json): each unit they still hold keeps its last
 * day, now ending at midnight on their new clock, and its reminder the days before it there, so the
 * day the inventory shows is the day it can be redeemed to its end. Run with every sync of the couple
 * (`fromZone`: the zone stored before it); nothing changes while the zone stands.
 */
export function reclockFavourDeadlines(tx: Tx, buyerId: number, fromZone: string, toZone: string): void {
  if (fromZone === toZone) return;
  const open = tx
    .select({
      id: purchases.id,
      useBy: purchases.useBy,
      remindFrom: purchases.remindFrom,
      remindedAt: purchases.remindedAt,
      createdAt: purchases.createdAt,
    })
    .from(purchases)
    .where(and(eq(purchases.buyerId, buyerId), openUnit))
    .all();
  for (const unit of open) {
    const moved = lastDayOn(useByDayOf(unit.useBy!, fromZone), toZone, new Date(unit.createdAt));
    // A reminder already sent stays as it was.
    const remindFrom = unit.remindedAt !== null ? unit.remindFrom : moved.remindFrom;
    tx.update(purchases).set({ useBy: moved.useBy, remindFrom }).where(eq(purchases.id, unit.id)).run();
  }
}

/** What the deadline check needs of each partner: whose clock, and when they sleep. */
export interface SleepingPartner {
  username: string;
  timeZone: string;
  sleep: DayWindow;
}

export interface DeadlinesSettled {
  /** Units that expired unused now: refunded to their buyers. */
  expired: number;
  /** Buyers reminded now that a unit is about to expire. */
  reminded: number;
  /**
   * Units that could not expire (their rows disagree: no unit left, escrow short, a refund already
   * there): each left as it was, with why, and the others expired.
   */
  stuck?: { purchaseId: number; why: string }[];
}

const openUnit = and(isNull(purchases.redemptionId), isNull(purchases.expiredAt), isNotNull(purchases.useBy));

const statements = preparedFor((db) => {
  const units = () =>
    db
      .select({
        id: purchases.id,
        buyerId: purchases.buyerId,
        price: purchases.price,
        useBy: purchases.useBy,
        inventoryItemId: purchases.inventoryItemId,
        sellerId: inventoryItems.sellerId,
        name: inventoryItems.name,
      })
      .from(purchases)
      .innerJoin(inventoryItems, eq(inventoryItems.id, purchases.inventoryItemId));
  return {
    // Both through purchases_deadlines: only units with an open deadline are read.
    overdue: units()
      .where(and(openUnit, lte(purchases.useBy, param("now"))))
      .orderBy(asc(purchases.useBy), asc(purchases.id))
      .prepare(),
    remindable: units()
      .where(
        and(
          openUnit,
          gt(purchases.useBy, param("now")),
          isNull(purchases.remindedAt),
          lte(purchases.remindFrom, param("now")),
        ),
      )
      .orderBy(asc(purchases.useBy), asc(purchases.id))
      .prepare(),
    // The guards make each unit's expiry and reminder happen once, however many checks race.
    markExpired: db
      .update(purchases)
      .set({ expiredAt: sql`${param("now")}` })
      .where(and(eq(purchases.id, param("id")), isNull(purchases.redemptionId), isNull(purchases.expiredAt)))
      .prepare(),
    markReminded: db
      .update(purchases)
      .set({ remindedAt: sql`${param("now")}` })
      .where(and(eq(purchases.id, param("id")), isNull(purchases.remindedAt)))
      .prepare(),
    linkRefund: db
      .update(purchases)
      .set({ refundTransferId: sql`${param("transferId")}` })
      .where(eq(purchases.id, param("id")))
      .prepare(),
    takeUnit: db
      .update(inventoryItems)
      .set({ quantity: sql`${inventoryItems.quantity} - 1` })
      .where(and(eq(inventoryItems.id, param("id")), gt(inventoryItems.quantity, 0)))
      .prepare(),
  };
});

/**
 * The periodic deadline check: every unit past its use-by leaves the buyer's inventory and its
 * escrow goes back to the buyer (a `refund` transfer, `expiry:<purchase>`); a buyer whose unit
 * expires within EXPIRY_REMINDER_DAYS is reminded once, only while awake on their own clock.
 * One IMMEDIATE transaction: safe to run at any moment, again, or from two processes at once. A
 * unit whose rows disagree (the health check names it) stays as it is, and holds up no other.
 */
export function settleFavourDeadlines(
  db: Db,
  partners: readonly SleepingPartner[],
  now = new Date(),
): DeadlinesSettled {
  return inTransaction(db, (tx) => {
    const at = isoNow(now);
    const prepared = statements(tx);
    const { done: expired, failed } = eachInItsOwnSavepoint(tx, prepared.overdue.all({ now: at }), (unitTx, unit) => {
      if (prepared.markExpired.run({ id: unit.id, now: at }).changes !== 1) return false;
      expireUnit(unitTx, unit, now);
      return true;
    });
    const stuck = failed.map(({ item, why }) => ({ purchaseId: item.id, why }));
    let reminded = 0;
    for (const unit of prepared.remindable.all({ now: at })) {
      const buyer = userById(tx, unit.buyerId);
      const partner = partners.find((p) => p.username === buyer?.username);
      // A partner the config no longer names has no sleep window: reminded at any hour.
      if (partner && partnerStateAt(partner, now) === "probably asleep") continue;
      if (prepared.markReminded.run({ id: unit.id, now: at }).changes !== 1) continue;
      const timeZone = partner?.timeZone ?? buyer?.timeZone ?? "UTC";
      enqueueEvent(
        tx,
        "favour_expiring",
        {
          purchaseId: unit.id,
          ...buyerAndSeller(tx, unit.buyerId, unit.sellerId),
          name: unit.name,
          useBy: unit.useBy,
          useByDay: useByDayOf(unit.useBy!, timeZone),
        },
        now,
        unit.buyerId,
      );
      reminded += 1;
    }
    return stuck.length > 0 ? { expired, reminded, stuck } : { expired, reminded };
  });
}

interface ExpiringUnit {
  id: number;
  buyerId: number;
  price: number;
  inventoryItemId: number;
  sellerId: number;
  name: string;
}

function expireUnit(tx: Tx, unit: ExpiringUnit, now: Date): void {
  const prepared = statements(tx);
  // Every open unit with a deadline is one of the item's units: a miss means the data broke.
  if (prepared.takeUnit.run({ id: unit.inventoryItemId }).changes !== 1) {
    throw new Error(`purchase ${unit.id} is open but inventory item ${unit.inventoryItemId} has no unit left`);
  }
  if (unit.price > 0) {
    const refund = transfer(tx, {
      from: "escrow",
      to: { userId: unit.buyerId },
      amount: unit.price,
      kind: "refund",
      reference: `expiry:${unit.id}`,
      memo: `"${unit.name}" expired unused`,
      now,
    });
    prepared.linkRefund.run({ id: unit.id, transferId: refund.id });
  }
  withdrawAnnouncements(tx, "favour_expiring", unit.id, "the favour expired", now);
  enqueueEvent(
    tx,
    "favour_expired",
    {
      purchaseId: unit.id,
      ...buyerAndSeller(tx, unit.buyerId, unit.sellerId),
      name: unit.name,
      price: unit.price,
    },
    now,
    unit.buyerId,
  );
}
