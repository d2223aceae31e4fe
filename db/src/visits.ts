import { daysBetween, shortDate } from "@spankbank/shared/calendar";
import { visitBody } from "@spankbank/shared/contract/visits";
import { VISIT_LENGTH_MAX, VISITS_PER_PAGE } from "@spankbank/shared/limits";
import { VISIT_CHANGED_BEFORE_REMOVAL, VISIT_CHANGED_SINCE, visitDays } from "@spankbank/shared/visits";
import { and, asc, count, desc, eq, gt, gte, lt, lte, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type Db, inTransaction, type Tx } from "./client.js";
import { dayIn, isoNow, versionAfter } from "./clock.js";
import { Refusal, refuseUnless } from "./errors.js";
import { withdrawAnnouncements } from "./outbox.js";
import { pageWindow } from "./paging.js";
import { LIMIT_ONE, literal, param, preparedFor } from "./prepared.js";
import { inventoryItems, products, users, visitMilestones, visits } from "./schema.js";

/** A time together as the domain speaks of it; dates are local calendar dates (YYYY-MM-DD). */
export interface Visit {
  id: number;
  startDate: string;
  endDate: string;
  place: string | null;
  note: string | null;
  plannedBy: string;
  /** Days between the end of the visit before it and its first day; null for the first one. */
  daysApartBefore: number | null;
  createdAt: string;
  updatedAt: string;
}

/** What a partner fills in to plan a visit or log a past one (the wire's field names). */
export interface VisitInput {
  start_date: string;
  end_date: string;
  place?: string | null | undefined;
  note?: string | null | undefined;
}

/** Where one partner stands, counted on their own calendar. */
export interface Countdown {
  username: string;
  displayName: string;
  city: string;
  timeZone: string;
  today: string;
  daysUntil: number | null;
  daysApart: number | null;
  /** The day the last visit ended, which `daysApart` counts from (null with it). */
  lastEndDate: string | null;
  together: boolean;
}

/** A favour marked "in person" still owned: it waits for the visit. */
export interface InPersonFavour {
  id: number;
  name: string;
  description: string;
  quantity: number;
  owner: string;
  seller: string;
}

export interface VisitsOverview {
  current: Visit | null;
  next: Visit | null;
  /** The partner asking first. */
  countdowns: Countdown[];
  inPerson: InPersonFavour[];
  past: { visits: Visit[]; page: number; pageCount: number; total: number };
}

const planner = alias(users, "planner");
const owner = alias(users, "owner");
const seller = alias(users, "seller");

const visitColumns = {
  id: visits.id,
  startDate: visits.startDate,
  endDate: visits.endDate,
  place: visits.place,
  note: visits.note,
  plannedBy: planner.username,
  createdAt: visits.createdAt,
  updatedAt: visits.updatedAt,
};

const statements = preparedFor((db) => {
  const listed = () => db.select(visitColumns).from(visits).innerJoin(planner, eq(planner.id, visits.plannedById));
  const today = param("today");
  return {
    byId: listed()
      .where(eq(visits.id, param("id")))
      .prepare(),
    current: listed()
      .where(and(lte(visits.startDate, today), gte(visits.endDate, today)))
      .orderBy(asc(visits.startDate))
      .limit(LIMIT_ONE)
      .prepare(),
    next: listed().where(gt(visits.startDate, today)).orderBy(asc(visits.startDate)).limit(LIMIT_ONE).prepare(),
    lastEnded: db
      .select({ endDate: visits.endDate })
      .from(visits)
      .where(lt(visits.endDate, today))
      .orderBy(desc(visits.endDate))
      .limit(LIMIT_ONE)
      .prepare(),
    pastPage: listed()
      .where(lt(visits.endDate, today))
      .orderBy(desc(visits.startDate), desc(visits.id))
      .limit(param("limit"))
      .offset(param("offset"))
      .prepare(),
    pastCount: db.select({ total: count() }).from(visits).where(lt(visits.endDate, today)).prepare(),
    previousEnd: db
      .select({ endDate: visits.endDate })
      .from(visits)
      .where(lt(visits.startDate, param("startDate")))
      .orderBy(desc(visits.startDate))
      .limit(LIMIT_ONE)
      .prepare(),
    overlapping: db
      .select({ startDate: visits.startDate, endDate: visits.endDate })
      .from(visits)
      .where(
        and(
          ne(visits.id, param("id")),
          lte(visits.startDate, param("endDate")),
          gte(visits.endDate, param("startDate")),
        ),
      )
      .limit(LIMIT_ONE)
      .prepare(),
    partners: db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        city: users.city,
        timeZone: users.timeZone,
      })
      .from(users)
      .orderBy(asc(users.id))
      .prepare(),
    inPerson: db
      .select({
        id: inventoryItems.id,
        name: inventoryItems.name,
        description: inventoryItems.description,
        quantity: inventoryItems.quantity,
        owner: owner.username,
        seller: seller.username,
      })
      .from(inventoryItems)
      .innerJoin(products, eq(products.id, inventoryItems.productId))
      .innerJoin(owner, eq(owner.id, inventoryItems.buyerId))
      .innerJoin(seller, eq(seller.id, inventoryItems.sellerId))
      .where(and(eq(products.inPerson, literal(true)), gt(inventoryItems.quantity, literal(0))))
      .orderBy(asc(inventoryItems.id))
      .prepare(),
  };
});

type VisitRow = Omit<Visit, "daysApartBefore">;

function withDaysApart(db: Db, row: VisitRow): Visit {
  const previous = statements(db).previousEnd.get({ startDate: row.startDate });
  return { ...row, daysApartBefore: previous ? daysBetween(previous.endDate, row.startDate) : null };
}

function partnerToday(db: Db, userId: number, now: Date): string {
  const partner = statements(db)
    .partners.all()
    .find((p) => p.id === userId);
  if (!partner) throw new Refusal("not_found", `No partner ${userId}`);
  return dayIn(partner.timeZone, now);
}

/** The visit with this id, or a not_found Refusal. */
export function visitById(db: Db, visitId: number): Visit {
  const row = statements(db).byId.get({ id: visitId });
  if (!row) throw new Refusal("not_found", "That visit does not exist.");
  return withDaysApart(db, row);
}

/**
 * The checked fields of a visit: the contract's rules (real dates, trimmed one-line place and
 * note) plus the ones between fields and other visits, each refusal naming its field.
 */
function checkedVisit(tx: Tx, input: VisitInput, visitId: number, today: string) {
  const fields = refuseUnless(visitBody, input, "visit");
  if (fields.end_date < fields.start_date) throw new Refusal("invalid", "end_date: must be on or after start_date");
  if (daysBetween(fields.start_date, fields.end_date) + 1 > VISIT_LENGTH_MAX) {
    throw new Refusal("invalid", `end_date: a visit lasts at most ${VISIT_LENGTH_MAX} days`);
  }
  const clash = statements(tx).overlapping.get({ id: visitId, startDate: fields.start_date, endDate: fields.end_date });
  if (clash) {
    throw new Refusal(
      "conflict",
      `Those dates overlap your visit of ${visitDays(clash.startDate, clash.endDate, today, " to ")}.`,
    );
  }
  if (fields.start_date > today) {
    const next = statements(tx).next.get({ today });
    if (next && next.id !== visitId) {
      throw new Refusal(
        "conflict",
        `Your next visit is already planned (${shortDate(next.startDate, today)}): change that one instead.`,
      );
    }
  }
  return {
    startDate: fields.start_date,
    endDate: fields.end_date,
    place: fields.place ?? null,
    note: fields.note ?? null,
  };
}

/**
 * Plans the next visit (dates after today on the planner's calendar) or logs one already lived.
 * One visit ahead at a time, and visits never overlap.
 */
export function planVisit(db: Db, plan: { userId: number; input: VisitInput; now?: Date }): Visit {
  const now = plan.now ?? new Date();
  return inTransaction(db, (tx) => {
    const fields = checkedVisit(tx, plan.input, 0, partnerToday(tx, plan.userId, now));
    const { id } = tx
      .insert(visits)
      .values({ ...fields, plannedById: plan.userId, createdAt: isoNow(now), updatedAt: isoNow(now) })
      .returning({ id: visits.id })
      .get();
    return visitById(tx, id);
  });
}

/**
 * Changes a visit's dates, place or note; a visit moved to other dates has its countdown posts
 * re-armed. With `basedOn` (the `updatedAt` the partner saw), a visit changed since is refused,
 * unless it already reads as asked: a change sent again after its answer was lost is done.
 */
export function changeVisit(
  db: Db,
  change: { userId: number; visitId: number; input: VisitInput; basedOn?: string | undefined; now?: Date },
): Visit {
  const now = change.now ?? new Date();
  return inTransaction(db, (tx) => {
    const before = visitById(tx, change.visitId);
    const fields = checkedVisit(tx, change.input, change.visitId, partnerToday(tx, change.userId, now));
    if (change.basedOn !== undefined && change.basedOn !== before.updatedAt) {
      if (readsAs(before, fields)) return before;
      throw new Refusal("conflict", VISIT_CHANGED_SINCE);
    }
    // Each change is a new version, even two in one millisecond: a form showing the one before is refused.
    tx.update(visits)
      .set({ ...fields, updatedAt: versionAfter(before.updatedAt, now) })
      .where(eq(visits.id, change.visitId))
      .run();
    if (fields.startDate !== before.startDate) {
      tx.delete(visitMilestones).where(eq(visitMilestones.visitId, change.visitId)).run();
      // A countdown to the old day not posted yet (a channel refusing posts) would count to the wrong one.
      withdrawAnnouncements(tx, "visit_countdown", change.visitId, "the visit's first day was moved", now);
    }
    return visitById(tx, change.visitId);
  });
}

const readsAs = (visit: Visit, fields: ReturnType<typeof checkedVisit>) =>
  visit.startDate === fields.startDate &&
  visit.endDate === fields.endDate &&
  visit.place === fields.place &&
  visit.note === fields.note;

/** Cancels a planned visit (or removes a logged one), with its countdown posts' marks. */
export function cancelVisit(db: Db, visitId: number, basedOn?: string): Visit {
  return inTransaction(db, (tx) => {
    const visit = visitById(tx, visitId);
    // Removed as the partner saw it, or not at all: what the other changed since goes only knowingly.
    if (basedOn !== undefined && basedOn !== visit.updatedAt)
      throw new Refusal("conflict", VISIT_CHANGED_BEFORE_REMOVAL);
    tx.delete(visits).where(eq(visits.id, visitId)).run();
    // A countdown not posted yet (a channel refusing posts) would count to a visit that is off.
    withdrawAnnouncements(tx, "visit_countdown", visitId, "the visit was cancelled");
    return visit;
  });
}

/** The next visit after `userId`'s today, or null: what `/visit` changes or cancels. */
export function nextVisitOf(db: Db, userId: number, now = new Date()): Visit | null {
  const row = statements(db).next.get({ today: partnerToday(db, userId, now) });
  return row ? withDaysApart(db, row) : null;
}

/** Each partner's count, on their own calendar (the partner `userId` first). */
export function countdowns(db: Db, userId: number, now = new Date()): Countdown[] {
  const partners = statements(db).partners.all();
  partners.sort((a, b) => Number(b.id === userId) - Number(a.id === userId));
  return partners.map((partner) => {
    const today = dayIn(partner.timeZone, now);
    const together = statements(db).current.get({ today }) !== undefined;
    const next = statements(db).next.get({ today });
    const last = statements(db).lastEnded.get({ today });
    return {
      username: partner.username,
      displayName: partner.displayName,
      city: partner.city,
      timeZone: partner.timeZone,
      today,
      daysUntil: next ? daysBetween(today, next.startDate) : null,
      daysApart: !together && last ? daysBetween(last.endDate, today) : null,
      lastEndDate: !together && last ? last.endDate : null,
      together,
    };
  });
}

/** The visit page: under way, next, each partner's count, the in-person favours and a page of the log. */
export function visitsOverview(db: Db, userId: number, page = 1, now = new Date()): VisitsOverview {
  const today = partnerToday(db, userId, now);
  const s = statements(db);
  const current = s.current.get({ today });
  const next = s.next.get({ today });
  const total = s.pastCount.get({ today })?.total ?? 0;
  // A page past the end (its last visit removed) answers the last page, as every paged list does.
  const window = pageWindow(total, page, VISITS_PER_PAGE);
  const rows = s.pastPage.all({ today, limit: window.limit, offset: window.offset });
  return {
    current: current ? withDaysApart(db, current) : null,
    next: next ? withDaysApart(db, next) : null,
    countdowns: countdowns(db, userId, now),
    inPerson: s.inPerson.all(),
    past: {
      visits: rows.map((row) => withDaysApart(db, row)),
      page: window.page,
      pageCount: window.pageCount,
      total,
    },
  };
}
