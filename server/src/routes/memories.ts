import { deleteMemories, latestMemory, listMemories, type Memory as StoredMemory } from "@spankbank/db/memories";
import {
  deleteMemoriesBody,
  latestMemory as latestMemoryReply,
  type Memory,
  memoryList,
} from "@spankbank/shared/contract/memories";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The memory board: memories arrive from Discord; the web reads them and deletes them. */
export const memoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get("/memory", { schema: { response: { 200: latestMemoryReply } } }, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    const memory = latestMemory(db);
    return memory && toMemory(memory);
  });

  app.get("/memories", { schema: { response: { 200: memoryList } } }, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return listMemories(db).map(toMemory);
  });

  app.post(
    "/memories/delete",
    { schema: { body: deleteMemoriesBody, response: { 200: memoryList } } },
    async (request) => deleteMemories(db, request.body.ids, now()).map(toMemory),
  );
};

function toMemory(memory: StoredMemory): Memory {
  return { id: memory.id, message: memory.message, username: memory.username, created_at: memory.createdAt };
}
