import {
  PRODUCT_CHANGED_BEFORE_REMOVAL,
  PRODUCT_CHANGED_SINCE,
  productBody,
  productChangeBody,
} from "@spankbank/shared/contract/products";
import { PRODUCT_QUANTITY_MAX } from "@spankbank/shared/limits";
import { and, count, desc, eq, isNull, ne } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow, versionAfter } from "./clock.js";
import { Refusal, refuseUnless } from "./errors.js";
import { type PageWindow, pageWindow } from "./paging.js";
import { param, preparedFor, rowsOf } from "./prepared.js";
import { products, users } from "./schema.js";

export type ProductRow = typeof products.$inferSelect;

/** A product as the shop shows it, with the seller's login name. */
export interface ListedProduct {
  id: number;
  sellerId: number;
  sellerUsername: string;
  name: string;
  description: string;
  quantity: number;
  price: number;
  /** "Use within N days" of purchase, or null: never expires. */
  useWithinDays: number | null;
  inPerson: boolean;
  createdAt: string;
  /** The version of the seller's last change (a sale leaves it): what an edit or removal is `basedOn`. */
  updatedAt: string;
}

/** One page of the Shop or of a seller's listings, and the totals. */
export interface ProductPage {
  products: ListedProduct[];
  page: number;
  pageCount: number;
  total: number;
}

/** What a seller fills in when listing or editing a product. */
export interface ProductInput {
  name: string;
  description: string;
  quantity: number;
  price: number;
  /** Left out or null: bought units never expire. */
  useWithinDays?: number | null | undefined;
  /** Done in person (waits for a visit); left out on an edit, it stays as it was, on a new product it is false. */
  inPerson?: boolean | undefined;
}

const listedColumns = {
  id: products.id,
  sellerId: products.sellerId,
  sellerUsername: users.username,
  name: products.name,
  description: products.description,
  quantity: products.quantity,
  price: products.price,
  useWithinDays: products.useWithinDays,
  inPerson: products.inPerson,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

const statements = preparedFor((db) => {
  const listed = () => db.select(listedColumns).from(products).innerJoin(users, eq(users.id, products.sellerId));
  const newestFirst = [desc(products.createdAt), desc(products.id)];
  const window = { limit: param("limit"), offset: param("offset") };
  const seller = param("sellerId");
  return {
    // Through products_shelf: no sort step however long the shop's history.
    list: listed()
      .where(isNull(products.removedAt))
      .orderBy(...newestFirst)
      .prepare(),
    shelfCount: db.select({ total: count() }).from(products).where(isNull(products.removedAt)).prepare(),
    // Through products_seller_shelf: one seller's listings, newest first, counted and paged from the index.
    sellerCount: db
      .select({ total: count() })
      .from(products)
      .where(and(eq(products.sellerId, seller), isNull(products.removedAt)))
      .prepare(),
    sellerPage: listed()
      .where(and(eq(products.sellerId, seller), isNull(products.removedAt)))
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset)
      .prepare(),
    // Through products_shelf, skipping the viewer's own: everyone else's listings, newest first.
    othersPage: listed()
      .where(and(isNull(products.removedAt), ne(products.sellerId, param("viewerId"))))
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset)
      .prepare(),
    listedById: listed()
      .where(eq(products.id, param("id")))
      .prepare(),
    active: db
      .select()
      .from(products)
      .where(and(eq(products.id, param("id")), isNull(products.removedAt)))
      .prepare(),
  };
});

/** Every product not removed, newest first (sold-out ones included: the shop shows 0 left). */
export function listProducts(db: Db): ListedProduct[] {
  return listedRows(db)();
}

const listedRows = preparedFor((db) => rowsOf(statements(db).list, listedColumns));
const pageRows = preparedFor((db) => ({
  seller: rowsOf(statements(db).sellerPage, listedColumns),
  others: rowsOf(statements(db).othersPage, listedColumns),
}));

/**
 * One page of the Shop as `viewerId` sees it: the partner's favours first (the ones to buy), then
 * the viewer's own, each newest first, sold-out ones included. A page past the end answers the
 * last page.
 */
export function shopPage(db: Db, viewerId: number, page: number, pageSize: number): ProductPage {
  const prepared = statements(db);
  const total = prepared.shelfCount.get()?.total ?? 0;
  const others = total - (prepared.sellerCount.get({ sellerId: viewerId })?.total ?? 0);
  const window = pageWindow(total, page, pageSize);
  const read = pageRows(db);
  const fromOthers =
    window.offset < others ? read.others({ viewerId, limit: window.limit, offset: window.offset }) : [];
  const left = window.limit - fromOthers.length;
  const own =
    left > 0 ? read.seller({ sellerId: viewerId, limit: left, offset: Math.max(0, window.offset - others) }) : [];
  return pageOf([...fromOthers, ...own], window, total);
}

/** One page of one seller's listings, newest first (Manage Products). A page past the end answers the last page. */
export function sellerPage(db: Db, sellerId: number, page: number, pageSize: number): ProductPage {
  const total = statements(db).sellerCount.get({ sellerId })?.total ?? 0;
  const window = pageWindow(total, page, pageSize);
  return pageOf(pageRows(db).seller({ sellerId, limit: window.limit, offset: window.offset }), window, total);
}

function pageOf(rows: ListedProduct[], window: PageWindow, total: number): ProductPage {
  return { products: rows, page: window.page, pageCount: window.pageCount, total };
}

export function createProduct(db: Db, sellerId: number, input: ProductInput, now = new Date()): ListedProduct {
  const fields = checkedProduct(input);
  return inTransaction(db, (tx) => {
    const { id } = tx
      .insert(products)
      .values({ ...fields, sellerId, createdAt: isoNow(now), updatedAt: isoNow(now) })
      .returning({ id: products.id })
      .get();
    return listedProduct(tx, id);
  });
}

/**
 * Changes a product for future buyers; what was already bought keeps its snapshot. With `basedOn`
 * (the `updatedAt` the seller's form showed), a product changed since is refused, not overwritten.
 */
export function updateProduct(
  db: Db,
  sellerId: number,
  productId: number,
  input: ProductInput & { shownQuantity?: number | undefined; basedOn?: string | undefined },
  now = new Date(),
): ListedProduct {
  const fields = checkedProduct(input);
  return inTransaction(db, (tx) => {
    const before = ownProduct(tx, sellerId, productId, "change");
    if (input.basedOn !== undefined && input.basedOn !== before.updatedAt) {
      throw new Refusal("conflict", PRODUCT_CHANGED_SINCE);
    }
    // From a form opened before a sale, only the seller's own change moves the stock.
    const quantity =
      input.shownQuantity === undefined
        ? fields.quantity
        : Math.min(PRODUCT_QUANTITY_MAX, Math.max(0, before.quantity + fields.quantity - input.shownQuantity));
    tx.update(products)
      .set({ ...fields, quantity, updatedAt: versionAfter(before.updatedAt, now) })
      .where(eq(products.id, productId))
      .run();
    return listedProduct(tx, productId);
  });
}

/** A soft delete: purchases and inventory still point at the row. With `basedOn`, one changed since stays. */
export function removeProduct(db: Db, sellerId: number, productId: number, now = new Date(), basedOn?: string): void {
  inTransaction(db, (tx) => {
    const before = ownProduct(tx, sellerId, productId, "remove");
    if (basedOn !== undefined && basedOn !== before.updatedAt) {
      throw new Refusal("conflict", PRODUCT_CHANGED_BEFORE_REMOVAL);
    }
    tx.update(products)
      .set({ removedAt: isoNow(now), updatedAt: versionAfter(before.updatedAt, now) })
      .where(eq(products.id, productId))
      .run();
  });
}

/** A product still in the shop, or undefined once removed or never listed. */
export function activeProduct(db: Db, productId: number): ProductRow | undefined {
  return statements(db).active.get({ id: productId });
}

function ownProduct(tx: Tx, sellerId: number, productId: number, action: string): ProductRow {
  const product = activeProduct(tx, productId);
  if (!product) throw new Refusal("not_found", "That product does not exist or was removed.");
  if (product.sellerId !== sellerId) throw new Refusal("forbidden", `You can only ${action} your own products.`);
  return product;
}

function listedProduct(db: Db, productId: number): ListedProduct {
  return statements(db).listedById.get({ id: productId })!;
}

/** The edge validates too; this keeps the bot and scripts to the same limits. */
/** `shownQuantity`: an edit's, which may keep a sold-out favour at 0 (productChangeBody). */
function checkedProduct(
  input: ProductInput & { shownQuantity?: number | undefined },
): ProductInput & { useWithinDays: number | null } {
  const { shownQuantity, ...fields } = input;
  const { name, description, quantity, price, useWithinDays, in_person } =
    shownQuantity === undefined
      ? refuseUnless(productBody, { ...fields, in_person: fields.inPerson }, "product")
      : refuseUnless(
          productChangeBody,
          { ...fields, in_person: fields.inPerson, shown_quantity: shownQuantity },
          "product",
        );
  return {
    name,
    description,
    quantity,
    price,
    useWithinDays: useWithinDays ?? null,
    ...(in_person !== undefined && { inPerson: in_person }),
  };
}
