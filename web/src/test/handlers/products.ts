import {
  PRODUCT_CHANGED_BEFORE_REMOVAL,
  PRODUCT_CHANGED_SINCE,
  type Product,
  type ProductBody,
  type ProductChangeBody,
} from "@spankbank/shared/contract/products";
import { PRODUCT_QUANTITY_MAX } from "@spankbank/shared/limits";
import { HttpResponse, http } from "msw";
import { asksForPage, pageOf, plainList } from "@/test/paging";
import { once } from "../keyedWrites";
import { failure, signedInUsername } from "./auth";

/** The fake server's marketplace: its products and every write it received. */
const state = {
  products: [] as Product[],
  nextId: 100,
  saved: [] as { method: string; id?: number; body: ProductBody | ProductChangeBody }[],
  removed: [] as number[],
};

export function setProducts(products: Product[]): void {
  state.products = products.map((product) => ({ ...product }));
}
export const productsOnServer = (): readonly Product[] => state.products;
export const savedProductBodies = () => state.saved;
export const removedProductIds = (): readonly number[] => state.removed;

export function resetProducts(): void {
  state.products = [];
  state.nextId = 100;
  state.saved = [];
  state.removed = [];
}

/** A product as GET /api/products answers it. */
export function aProduct(fields: Partial<Product> & Pick<Product, "id" | "name">): Product {
  return {
    description: `${fields.name}, with love.`,
    quantity: 3,
    price: 25,
    username: "sam",
    in_person: false,
    created_at: "2025-02-01T10:00:00.000Z",
    use_within_days: null,
    updated_at: "2025-02-01T10:00:00.000Z",
    ...fields,
  };
}

export const productHandlers = [
  // As the server: the Shop lists the partner's favours first, then one's own (each in the state's
  // order); `username` (one's own) lists only one's own; bare, the plain list.
  http.get("/api/products", ({ request }) => {
    const url = new URL(request.url);
    const me = signedInUsername();
    const username = url.searchParams.get("username");
    if (username !== null && username !== me) return failure(403, "Forbidden", "username: not you");
    const listed =
      username !== null
        ? state.products.filter((product) => product.username === me)
        : [...state.products.filter((p) => p.username !== me), ...state.products.filter((p) => p.username === me)];
    if (!asksForPage(url) && username === null) return HttpResponse.json(plainList(listed));
    const { rows, ...pages } = pageOf(listed, url);
    return HttpResponse.json({ products: rows, ...pages });
  }),
  http.post("/api/products", async ({ request }) => {
    const body = (await request.json()) as ProductBody;
    state.saved.push({ method: "POST", body });
    return once(request, `POST ${JSON.stringify(body)}`, () => {
      const { useWithinDays, ...fields } = body;
      const product = {
        ...fields,
        in_person: body.in_person ?? false,
        id: state.nextId++,
        username: signedInUsername()!,
        created_at: new Date().toISOString(),
        use_within_days: useWithinDays ?? null,
        updated_at: new Date().toISOString(),
      };
      state.products.push(product);
      return { status: 201, json: { product } };
    });
  }),
  http.put("/api/products/:id", async ({ request, params }) => {
    const id = Number(params.id);
    const body = (await request.json()) as ProductChangeBody;
    state.saved.push({ method: "PUT", id, body });
    const index = state.products.findIndex((product) => product.id === id);
    if (index < 0) return failure(404, "Not Found", "No such product");
    return once(request, `PUT ${id} ${JSON.stringify(body)}`, () => {
      const { useWithinDays, shown_quantity, based_on, ...fields } = body;
      const before = state.products[index]!;
      // As the server: a favour changed since the form showed it (based_on) is kept as it is.
      if (based_on !== undefined && based_on !== before.updated_at) {
        return { status: 409, json: { statusCode: 409, error: "Conflict", message: PRODUCT_CHANGED_SINCE } };
      }
      // As the server (db/src/products.ts): the stock moves by the seller's change to what the form showed.
      const quantity =
        shown_quantity === undefined
          ? fields.quantity
          : Math.min(PRODUCT_QUANTITY_MAX, Math.max(0, before.quantity + fields.quantity - shown_quantity));
      const product = {
        ...before,
        ...fields,
        quantity,
        use_within_days: useWithinDays ?? null,
        updated_at: new Date(Math.max(Date.now(), Date.parse(before.updated_at) + 1)).toISOString(),
      };
      state.products[index] = product;
      return { status: 200, json: { product } };
    });
  }),
  // As the server: a favour changed since the page showed it (based_on) stays in the Shop.
  http.delete("/api/products/:id", ({ params, request }) => {
    const id = Number(params.id);
    const basedOn = new URL(request.url).searchParams.get("based_on");
    const product = state.products.find((p) => p.id === id);
    if (product && basedOn !== null && basedOn !== product.updated_at) {
      return failure(409, "Conflict", PRODUCT_CHANGED_BEFORE_REMOVAL);
    }
    state.removed.push(id);
    state.products = state.products.filter((product) => product.id !== id);
    return new HttpResponse(null, { status: 204 });
  }),
];
