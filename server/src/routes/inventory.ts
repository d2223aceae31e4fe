import { declineRedemption } from "@spankbank/db/decline";
import type { OwnedItem, RedeemedItem } from "@spankbank/db/inventory";
import { confirmRedemption, listInventory, listRedeemed, redeemItem } from "@spankbank/db/inventory";
import { usernameQuery } from "@spankbank/shared/contract/common";
import {
  confirmRedeemReply,
  declineBody,
  declineReply,
  type InventoryItem,
  inventoryReply,
  itemBody,
  type RedeemedItem as RedeemedItemReply,
  redeemBody,
  redeemedReply,
  redeemReply,
} from "@spankbank/shared/contract/inventory";
import { spanks } from "@spankbank/shared/spanks";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertNamesSelf, signedInUser } from "../plugins/session.js";

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get(
    "/inventory",
    { schema: { querystring: usernameQuery, response: { 200: inventoryReply } } },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      return { inventory: listInventory(db, buyer.id).map(toInventoryItem) };
    },
  );

  app.get(
    "/redeemed",
    { schema: { querystring: usernameQuery, response: { 200: redeemedReply } } },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      return { redeemedItems: listRedeemed(db, buyer.id).map(toRedeemedItem) };
    },
  );

  app.post(
    "/redeem",
    { schema: { querystring: usernameQuery, body: redeemBody, response: { 200: redeemReply } } },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      const { itemId, note, wishedAt } = request.body;
      const { redeemedItem, remainingQuantity } = redeemItem(db, buyer.id, itemId, now(), { note, wishedAt });
      return { redeemedItem: toRedeemedItem(redeemedItem), remainingQuantity };
    },
  );

  app.post(
    "/confirm-redeem",
    { schema: { querystring: usernameQuery, body: itemBody, response: { 200: confirmRedeemReply } } },
    async (request) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      // The spec's `itemId` here names a redeemed item, not an inventory item.
      confirmRedemption(db, buyer.id, request.body.itemId, now());
      return { success: true as const, message: "Redemption confirmed successfully." };
    },
  );

  app.post("/decline-redeem", { schema: { body: declineBody, response: { 200: declineReply } } }, async (request) => {
    // The seller, from the session: the buyer declining their own redemption is a 403.
    const seller = signedInUser(request);
    const { redeemedItem, refunded } = declineRedemption(
      db,
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
};

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
