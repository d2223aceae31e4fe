import type { Db } from "@spankbank/db/client";
import { imagesOfMemories, type MemoryImageFile } from "@spankbank/db/media";
import { latestMemory, type Memory as StoredMemory, trashMemories } from "@spankbank/db/memories";
import { type BoardMemory, memoryPage } from "@spankbank/db/memoryPages";
import { restoreMemories, trashPage } from "@spankbank/db/memoryTrash";
import { onThisDay } from "@spankbank/db/onThisDay";
import {
  deleteMemoriesBody,
  latestMemory as latestMemoryReply,
  type Memory,
  mediaUrl,
  memoriesPage,
  memoriesPageQuery,
  memoryList,
  onThisDay as onThisDayReply,
  restoreMemoriesBody,
  restoreMemoriesReply,
  trashPageQuery,
  trashPage as trashPageReply,
} from "@spankbank/shared/contract/memories";
import { LIST_WINDOW, MEMORIES_PER_PAGE } from "@spankbank/shared/limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "../plugins/session.js";
import { sealFor } from "../sealedAnswers.js";

/** The memory board: memories arrive from Discord; the web reads them and deletes them. */
export const memoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get("/memory", { schema: { response: { 200: latestMemoryReply } } }, async () => {
    const memory = latestMemory(db);
    return memory && withImagesOf(db, [toWire(memory)])[0]!;
  });

  app.get(
    "/memories",
    // Bare: the spec's plain list, the newest LIST_WINDOW. With page or pageSize: one page and the total (the board).
    { schema: { querystring: memoriesPageQuery, response: { 200: z.union([memoryList, memoriesPage]) } } },
    async (request) => {
      const { page, pageSize } = request.query;
      if (page === undefined && pageSize === undefined) {
        return withImagesOf(db, memoryPage(db, 1, LIST_WINDOW).memories.map(toWire));
      }
      const found = memoryPage(db, page ?? 1, pageSize ?? MEMORIES_PER_PAGE);
      return { ...found, memories: withImagesOf(db, found.memories.map(toWire)) };
    },
  );

  app.get("/memories/on-this-day", { schema: { response: { 200: onThisDayReply } } }, async (request) => {
    const seal = sealFor(config, signedInUser(request));
    const today = onThisDay(db, now(), config.dailyQuestion.timeZone);
    return {
      date: today.date,
      memories: withImagesOf(db, today.memories.map(toWire)).map((memory, index) => ({
        ...memory,
        months_ago: today.memories[index]!.monthsAgo,
      })),
      answers: today.answers.map(({ questionId, question, username, response, createdAt, monthsAgo, bothAnswered }) =>
        seal.answer(
          { question_id: questionId, question, username, response, created_at: createdAt, months_ago: monthsAgo },
          bothAnswered,
        ),
      ),
    };
  });

  app.post(
    "/memories/delete",
    // Bare {ids}: the spec's remaining list, the newest LIST_WINDOW. With page: that page of the board (the web asks for one).
    { schema: { body: deleteMemoriesBody, response: { 200: z.union([memoryList, memoriesPage]) } } },
    async (request) => {
      const { ids, page, pageSize } = request.body;
      if (page === undefined && pageSize === undefined) {
        trashMemories(db, ids, now());
        return withImagesOf(db, memoryPage(db, 1, LIST_WINDOW).memories.map(toWire));
      }
      trashMemories(db, ids, now());
      const found = memoryPage(db, page ?? 1, pageSize ?? MEMORIES_PER_PAGE);
      return { ...found, memories: withImagesOf(db, found.memories.map(toWire)) };
    },
  );

  app.get(
    "/memories/trash",
    { schema: { querystring: trashPageQuery, response: { 200: trashPageReply } } },
    async (request) => {
      const found = trashPage(db, request.query.page ?? 1, request.query.pageSize ?? MEMORIES_PER_PAGE, now());
      return {
        ...found,
        memories: withImagesOf(
          db,
          found.memories.map(({ id, message, username, createdAt, deletedAt, purgeAt }) => ({
            id,
            message,
            username,
            created_at: createdAt,
            deleted_at: deletedAt,
            purge_at: purgeAt,
          })),
        ),
      };
    },
  );

  app.post(
    "/memories/restore",
    { schema: { body: restoreMemoriesBody, response: { 200: restoreMemoriesReply } } },
    async (request) => ({ restored: restoreMemories(db, request.body.ids, now()) }),
  );
};

/** The domain's memory as the wire has it (snake_case). */
export function toWire({ id, message, username, createdAt }: BoardMemory | StoredMemory): Memory {
  return { id, message, username, created_at: createdAt };
}

/** Each memory with its stored images as `/api/media/{id}?v=` links (left out when it has none). */
function withImages<M extends { id: number }>(memories: M[], images: Map<number, MemoryImageFile[]>): M[] {
  return memories.map((memory) => {
    const files = images.get(memory.id);
    if (!files) return memory;
    return {
      ...memory,
      images: files.map((file) => ({ id: file.id, url: mediaUrl(file), contentType: file.contentType })),
    };
  });
}

/** The memories with their stored images (the board, on this day, a day of the timeline, the trash). */
export function withImagesOf<M extends { id: number }>(db: Db, memories: M[]): M[] {
  return withImages(
    memories,
    imagesOfMemories(
      db,
      memories.map((memory) => memory.id),
    ),
  );
}
