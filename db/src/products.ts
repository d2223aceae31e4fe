import { productBody } from "@spankbank/shared/contract/products";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal, refuseUnless } from "./errors.js";
import { preparedFor, rowsOf } from "./prepared.js";
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
};

const statements = preparedFor((db) => {
  const listed = () => db.select(listedColumns).from(products).innerJoin(users, eq(users.id, products.sellerId));
  return {
    // Through products_shelf: no sort step however long the shop's history.
    list: listed().where(isNull(products.removedAt)).orderBy(desc(products.createdAt), desc(products.id)).prepare(),
    listedById: listed()
      .where(eq(products.id, sql.placeholder("id")))
      .prepare(),
    active: db
      .select()
      .from(products)
      .where(and(eq(products.id, sql.placeholder("id")), isNull(products.removedAt)))
      .prepare(),
  };
});

/** Every product not removed, newest first (sold-out ones included: the shop shows 0 left). */
export function listProducts(db: Db): ListedProduct[] {
  return listedRows(db)();
}

const listedRows = preparedFor((db) => rowsOf(statements(db).list, listedColumns));

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

/** Changes a product for future buyers; what was already bought keeps its snapshot. */
export function updateProduct(
  db: Db,
  sellerId: number,
  productId: number,
  input: ProductInput,
  now = new Date(),
): ListedProduct {
  const fields = checkedProduct(input);
  return inTransaction(db, (tx) => {
    ownProduct(tx, sellerId, productId, "change");
    tx.update(products)
      .set({ ...fields, updatedAt: isoNow(now) })
      .where(eq(products.id, productId))
      .run();
    return listedProduct(tx, productId);
  });
}

/** A soft delete: purchases and inventory still point at the row. */
export function removeProduct(db: Db, sellerId: number, productId: number, now = new Date()): void {
  inTransaction(db, (tx) => {
    ownProduct(tx, sellerId, productId, "remove");
    tx.update(products)
      .set({ removedAt: isoNow(now), updatedAt: isoNow(now) })
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
function checkedProduct(input: ProductInput): ProductInput & { useWithinDays: number | null } {
  const { name, description, quantity, price, useWithinDays, in_person } = refuseUnless(
    productBody,
    { ...input, in_person: input.inPerson },
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
