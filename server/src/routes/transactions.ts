import { listTransactions } from "@spankbank/db/transactions";
import { transactionsQuery, transactionsReply } from "@spankbank/shared/contract/economy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    "/transactions",
    { schema: { querystring: transactionsQuery, response: { 200: transactionsReply } } },
    async (request) => {
      const user = signedInUser(request);
      const statement = listTransactions(db, user.id, request.query.page);
      return {
        transactions: statement.transactions.map((line) => ({
          id: line.id,
          kind: line.kind,
          amount: line.amount,
          memo: line.memo,
          created_at: line.createdAt,
          balance_after: line.balanceAfter,
        })),
        page: statement.page,
        pageCount: statement.pageCount,
      };
    },
  );
};
