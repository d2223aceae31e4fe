import { declineRedemption } from "@spankbank/db/decline";
import type { OwnedItem, RedeemedItem } from "@spankbank/db/inventory";
import { confirmRedemption, inventoryPage, redeemedPage, redeemItem } from "@spankbank/db/inventory";
import { usernameQuery } from "@spankbank/shared/contract/common";
import {
  confirmRedeemReply,
  declineBody,
  declineReply,
  favourListQuery,
  type InventoryItem,
  inventoryAnswer,
  itemBody,
  type RedeemedItem as RedeemedItemReply,
  redeemBody,
  redeemedAnswer,
  redeemReply,
} from "@spankbank/shared/contract/inventory";
import { FAVOURS_PER_PAGE, LIST_WINDOW } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { keyedHeaders, writeOnce } from "../plugins/keyedWrites.js";
import { assertNamesSelf, signedInUser } from "../plugins/session.js";

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  // Bare: the spec's plain list, the newest LIST_WINDOW. With page or pageSize: one page and the totals.
  app.get(
    "/inventory",
    { schema: { querystring: favourListQuery, response: { 200: inventoryAnswer } } },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      const { page, pageSize, paged } = pageAsked(request.query);
      const { items, ...found } = inventoryPage(db, buyer.id, page, pageSize);
      const inventory = items.map(toInventoryItem);
      return paged ? { inventory, ...found } : { inventory };
    },
  );

  app.get(
    "/redeemed",
    { schema: { querystring: favourListQuery, response: { 200: redeemedAnswer } } },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      const { page, pageSize, paged } = pageAsked(request.query);
      const { items, ...found } = redeemedPage(db, buyer.id, page, pageSize);
      const redeemedItems = items.map(toRedeemedItem);
      return paged ? { redeemedItems, ...found } : { redeemedItems };
    },
  );

  app.post(
    "/redeem",
    { schema: { querystring: usernameQuery, headers: keyedHeaders, body: redeemBody, response: { 200: redeemReply } } },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      const { itemId, note, wishedAt } = request.body;
      return writeOnce(request, buyer.id, (tx) => {
        const { redeemedItem, remainingQuantity } = redeemItem(tx, buyer.id, itemId, now(), { note, wishedAt });
        return { redeemedItem: toRedeemedItem(redeemedItem), remainingQuantity };
      });
    },
  );

  app.post(
    "/confirm-redeem",
    {
      schema: {
        querystring: usernameQuery,
        headers: keyedHeaders,
        body: itemBody,
        response: { 200: confirmRedeemReply },
      },
    },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      return writeOnce(request, buyer.id, (tx) => {
        // The spec's `itemId` here names a redeemed item, not an inventory item.
        confirmRedemption(tx, buyer.id, request.body.itemId, now());
        return { success: true as const, message: "Redemption confirmed successfully." };
      });
    },
  );

  app.post(
    "/decline-redeem",
    { schema: { headers: keyedHeaders, body: declineBody, response: { 200: declineReply } } },
    async (request) => {
      // The seller, from the session: the buyer declining their own redemption is a 403.
      const seller = signedInUser(request);
      return writeOnce(request, seller.id, (tx) => {
        const { redeemedItem, refunded } = declineRedemption(
          tx,
          seller.id,
          request.body.itemId,
          request.body.reason,
          now(),
        );
        return {
          success: true as const,
          message: `You declined "${redeemedItem.name}": ${spanks(refunded)} went back to your partner.`,
          refunded,
        };
      });
    },
  );
};

/** The page a favour list asked for: bare, the first LIST_WINDOW, answered without the page fields. */
function pageAsked(query: { page?: number | undefined; pageSize?: number | undefined }) {
  const paged = query.page !== undefined || query.pageSize !== undefined;
  return paged
    ? { page: query.page ?? 1, pageSize: query.pageSize ?? FAVOURS_PER_PAGE, paged }
    : { page: 1, pageSize: LIST_WINDOW, paged };
}

function toInventoryItem(item: OwnedItem): InventoryItem {
  return {
    id: item.id,
    productId: item.productId,
    name: item.name,
    description: item.description,
    quantity: item.quantity,
    price: item.price,
    username: item.sellerUsername,
    use_by: item.useBy,
    use_by_day: item.useByDay,
  };
}

function toRedeemedItem(item: RedeemedItem): RedeemedItemReply {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    price: item.price,
    redeemed_at: item.redeemedAt,
    confirmed_at: item.confirmedAt,
    username: item.sellerUsername,
    note: item.note,
    wished_at: item.wishedAt,
    declined_at: item.declinedAt,
    decline_reason: item.declineReason,
  };
}
