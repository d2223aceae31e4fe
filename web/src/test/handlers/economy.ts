import type { purchaseBody, transactionsReply } from "@spankbank/shared/contract/economy";
import { HttpResponse, http } from "msw";
import type { z } from "zod";
import { signedInUsername } from "./auth";
import { productsOnServer } from "./products";

type PurchaseBody = z.input<typeof purchaseBody>;

/** The fake server's ledger as the page sees it, and every purchase request it received. */
const state = {
  spankTotal: 120,
  charityTotal: 0,
  purchases: [] as { body: PurchaseBody; idempotencyKey: string | null }[],
  statement: { transactions: [], page: 1, pageCount: 1 } as z.infer<typeof transactionsReply>,
};

export const setSpankTotal = (total: number) => {
  state.spankTotal = total;
};
export const setCharityTotal = (total: number) => {
  state.charityTotal = total;
};
export const setStatement = (statement: z.infer<typeof transactionsReply>) => {
  state.statement = statement;
};
export const purchaseRequests = () => state.purchases;

export function resetEconomy(): void {
  state.spankTotal = 120;
  state.charityTotal = 0;
  state.purchases = [];
  state.statement = { transactions: [], page: 1, pageCount: 1 };
}

const refuse = (message: string) =>
  HttpResponse.json({ statusCode: 409, error: "Conflict", message, success: false }, { status: 409 });

export const economyHandlers = [
  http.get("/api/spankTotal", () => HttpResponse.json({ spankTotal: state.spankTotal })),
  http.get("/api/charitySpankTotal", () => HttpResponse.json({ charitySpankTotal: state.charityTotal })),
  http.get("/api/transactions", ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
    return HttpResponse.json({ ...state.statement, page });
  }),
  http.post("/api/purchase", async ({ request }) => {
    const body = (await request.json()) as PurchaseBody;
    state.purchases.push({ body, idempotencyKey: request.headers.get("idempotency-key") });
    const product = productsOnServer().find(({ id }) => id === body.productId);
    if (!product) return refuse("That product is gone.");
    if (product.username === signedInUsername()) return refuse("You cannot buy your own product.");
    if (body.expectedPrice !== undefined && body.expectedPrice !== product.price) {
      return refuse(`The price of "${product.name}" changed to ${product.price} spanks.`);
    }
    // As the server: a favour changed since the buyer's page showed it (based_on) is not sold.
    if (body.based_on !== undefined && body.based_on !== product.updated_at) {
      return refuse(`"${product.name}" was changed since your page showed it: nothing was bought.`);
    }
    if (state.spankTotal < product.price) return refuse("You do not have enough spanks.");
    state.spankTotal -= product.price;
    product.quantity -= 1;
    return HttpResponse.json({
      success: true,
      newSpankTotal: state.spankTotal,
      message: `You bought "${product.name}".`,
    });
  }),
];
