import type { ListedProduct, ProductInput } from "@spankbank/db/products";
import { createProduct, removeProduct, sellerPage, shopPage, updateProduct } from "@spankbank/db/products";
import { idParams } from "@spankbank/shared/contract/common";
import {
  type Product,
  type ProductBody,
  productBody,
  productChangeBody,
  productList,
  productRemovalQuery,
  productReply,
  productsPage,
  productsQuery,
} from "@spankbank/shared/contract/products";
import { FAVOURS_PER_PAGE, LIST_WINDOW } from "@spankbank/shared/limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { keyedHeaders, writeOnce } from "../plugins/keyedWrites.js";
import { assertNamesSelf, signedInUser } from "../plugins/session.js";

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get(
    "/products",
    // Bare: the spec's plain list, the Shop's first LIST_WINDOW. With page or pageSize: a page of the
    // Shop and the totals; with username (yourself): a page of your own listings (Manage Products).
    { schema: { querystring: productsQuery, response: { 200: z.union([productList, productsPage]) } } },
    async (request) => {
      const { page, pageSize, username } = request.query;
      const user = signedInUser(request);
      if (page === undefined && pageSize === undefined && username === undefined) {
        return shopPage(db, user.id, 1, LIST_WINDOW).products.map(toProduct);
      }
      const size = pageSize ?? FAVOURS_PER_PAGE;
      const found =
        username === undefined
          ? shopPage(db, user.id, page ?? 1, size)
          : sellerPage(db, assertNamesSelf(request, { username }).id, page ?? 1, size);
      return { ...found, products: found.products.map(toProduct) };
    },
  );

  app.post(
    "/products",
    { schema: { headers: keyedHeaders, body: productBody, response: { 201: productReply } } },
    async (request, reply) => {
      const seller = assertNamesSelf(request, { username: request.body.username });
      const listed = writeOnce(request, seller.id, (tx) => ({
        product: toProduct(createProduct(tx, seller.id, productInput(request.body), now())),
      }));
      return reply.code(201).send(listed);
    },
  );

  app.put(
    "/products/:id",
    { schema: { params: idParams, headers: keyedHeaders, body: productChangeBody, response: { 200: productReply } } },
    async (request) => {
      const seller = assertNamesSelf(request, { username: request.body.username });
      const { shown_quantity: shownQuantity, based_on: basedOn, ...body } = request.body;
      const change = { ...productInput(body), shownQuantity, basedOn };
      // The stock moves by the seller's change: an edit sent again with its key moves it once.
      return writeOnce(request, seller.id, (tx) => ({
        product: toProduct(updateProduct(tx, seller.id, request.params.id, change, now())),
      }));
    },
  );

  app.delete(
    "/products/:id",
    { schema: { params: idParams, querystring: productRemovalQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      const seller = assertNamesSelf(request, { username: request.query.username });
      removeProduct(db, seller.id, request.params.id, now(), request.query.based_on);
      return reply.code(204).send(null);
    },
  );
};

function toProduct(product: ListedProduct): Product {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    quantity: product.quantity,
    price: product.price,
    username: product.sellerUsername,
    in_person: product.inPerson,
    created_at: product.createdAt,
    use_within_days: product.useWithinDays,
    updated_at: product.updatedAt,
  };
}

function productInput({ in_person, ...fields }: ProductBody): ProductInput {
  return { ...fields, inPerson: in_person };
}
