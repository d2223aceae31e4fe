import type { Db } from "@spankbank/db/client";
import { imagesOfMemories } from "@spankbank/db/media";
import { deleteMemories, latestMemory, listMemories } from "@spankbank/db/memories";
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
    return memory && withImages(db, [memory])[0]!;
  });

  app.get("/memories", { schema: { response: { 200: memoryList } } }, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return withImages(db, listMemories(db));
  });

  app.post(
    "/memories/delete",
    { schema: { body: deleteMemoriesBody, response: { 200: memoryList } } },
    async (request) => withImages(db, deleteMemories(db, request.body.ids, now())),
  );
};

/** Each memory with its stored images as `/api/media/{id}` links (left out when it has none). */
function withImages(db: Db, memories: Memory[]): Memory[] {
  const images = imagesOfMemories(
    db,
    memories.map((m) => m.id),
  );
  return memories.map((memory) => {
    const files = images.get(memory.id);
    if (!files) return memory;
    return {
      ...memory,
      images: files.map((file) => ({ id: file.id, url: `/api/media/${file.id}`, contentType: file.contentType })),
    };
  });
}
