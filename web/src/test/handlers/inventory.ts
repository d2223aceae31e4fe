import type { ExpiredFavour } from "@spankbank/shared/contract/expiredFavours";
import type { InventoryItem, RedeemedItem } from "@spankbank/shared/contract/inventory";
import type { OwedReply } from "@spankbank/shared/contract/owed";
import { HttpResponse, http } from "msw";
import { asksForPage, pageOf, plainList } from "@/test/paging";
import { once } from "../keyedWrites";

/** The fake server's inventory, redeemed items and favours owed, and the redeems and confirms it got. */
const state = {
  inventory: [] as InventoryItem[],
  redeemed: [] as RedeemedItem[],
  owed: { owed: [], escrowTotal: 0 } as OwedReply,
  nextRedeemedId: 500,
  redeems: [] as number[],
  confirms: [] as number[],
  declines: [] as { itemId: number; reason: string }[],
  expired: [] as ExpiredFavour[],
};

export const setInventory = (items: InventoryItem[]) => {
  state.inventory = items.map((item) => ({ ...item }));
};
export const setRedeemed = (items: RedeemedItem[]) => {
  state.redeemed = items.map((item) => ({ ...item }));
};
export const setOwed = (owed: OwedReply) => {
  state.owed = owed;
};
export const setExpiredFavours = (expired: ExpiredFavour[]) => {
  state.expired = expired.map((favour) => ({ ...favour }));
};
export const redeemRequests = (): readonly number[] => state.redeems;
export const confirmRequests = (): readonly number[] => state.confirms;

export function resetInventory(): void {
  state.inventory = [];
  state.redeemed = [];
  state.owed = { owed: [], escrowTotal: 0 };
  state.nextRedeemedId = 500;
  state.redeems = [];
  state.confirms = [];
  state.declines = [];
  state.expired = [];
}
export const declineRequests = (): readonly { itemId: number; reason: string }[] => state.declines;

export function anInventoryItem(fields: Partial<InventoryItem> & Pick<InventoryItem, "id" | "name">): InventoryItem {
  return {
    productId: fields.id,
    description: `${fields.name}, with love.`,
    quantity: 1,
    price: 25,
    username: "sam",
    use_by: null,
    use_by_day: null,
    ...fields,
  };
}

export function aRedeemedItem(fields: Partial<RedeemedItem> & Pick<RedeemedItem, "id" | "name">): RedeemedItem {
  return {
    description: `${fields.name}, with love.`,
    price: 10,
    redeemed_at: "2025-02-14T20:30:00.000Z",
    confirmed_at: null,
    username: "sam",
    note: null,
    wished_at: null,
    declined_at: null,
    decline_reason: null,
    ...fields,
  };
}

export const inventoryHandlers = [
  // As the server: with page or pageSize, that page and the totals; bare, the plain list.
  http.get("/api/inventory", ({ request }) => {
    const held = state.inventory.filter((item) => item.quantity > 0);
    const url = new URL(request.url);
    if (!asksForPage(url)) return HttpResponse.json({ inventory: plainList(held) });
    const { rows, ...pages } = pageOf(held, url);
    return HttpResponse.json({ inventory: rows, ...pages });
  }),
  http.get("/api/redeemed", ({ request }) => {
    const url = new URL(request.url);
    if (!asksForPage(url)) return HttpResponse.json({ redeemedItems: plainList(state.redeemed) });
    const { rows, ...pages } = pageOf(state.redeemed, url);
    return HttpResponse.json({ redeemedItems: rows, ...pages });
  }),
  http.get("/api/owed", () => HttpResponse.json(state.owed)),
  http.get("/api/expired-favours", () => HttpResponse.json({ expired: state.expired })),
  http.post("/api/expired-favours/noticed", async ({ request }) => {
    const { purchase_ids } = (await request.json()) as { purchase_ids: number[] };
    const told = state.expired.filter((favour) => purchase_ids.includes(favour.id) && !favour.noticed);
    for (const favour of told) favour.noticed = true;
    return HttpResponse.json({ noticed: told.length });
  }),
  http.post("/api/redeem", async ({ request }) => {
    const asked = (await request.json()) as { itemId: number; note?: string; wishedAt?: string };
    const { itemId, note, wishedAt } = asked;
    state.redeems.push(itemId);
    return once(request, JSON.stringify(asked), () => {
      const item = state.inventory.find(({ id }) => id === itemId);
      if (!item || item.quantity < 1)
        return { status: 409, json: { statusCode: 409, error: "Conflict", message: "Nothing left to redeem." } };
      item.quantity -= 1;
      const redeemedItem = aRedeemedItem({
        id: state.nextRedeemedId++,
        name: item.name,
        description: item.description,
        price: item.price,
        username: item.username,
        redeemed_at: new Date().toISOString(),
        note: note ?? null,
        wished_at: wishedAt ? new Date(wishedAt).toISOString() : null,
      });
      state.redeemed.unshift(redeemedItem);
      return { status: 200, json: { redeemedItem, remainingQuantity: item.quantity } };
    });
  }),
  http.post("/api/confirm-redeem", async ({ request }) => {
    const asked = (await request.json()) as { itemId: number };
    state.confirms.push(asked.itemId);
    return once(request, JSON.stringify(asked), () => {
      const item = state.redeemed.find(({ id }) => id === asked.itemId);
      if (!item || item.confirmed_at)
        return { status: 409, json: { statusCode: 409, error: "Conflict", message: "Already confirmed." } };
      item.confirmed_at = new Date().toISOString();
      return { status: 200, json: { success: true, message: "Redemption confirmed successfully." } };
    });
  }),
  http.post("/api/decline-redeem", async ({ request }) => {
    const asked = (await request.json()) as { itemId: number; reason: string };
    state.declines.push(asked);
    return once(request, JSON.stringify(asked), () => {
      const favour = state.owed.owed.find(({ id }) => id === asked.itemId);
      if (!favour)
        return {
          status: 404,
          json: { statusCode: 404, error: "Not Found", message: "That redeemed favour does not exist." },
        };
      state.owed = {
        owed: state.owed.owed.filter(({ id }) => id !== asked.itemId),
        escrowTotal: state.owed.escrowTotal - favour.price,
      };
      const message = `You declined "${favour.name}": ${favour.price} spanks went back to your partner.`;
      return { status: 200, json: { success: true, message, refunded: favour.price } };
    });
  }),
];
