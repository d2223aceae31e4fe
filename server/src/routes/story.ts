import { readStoryProgress, saveStoryProgress } from "@spankbank/db/storyProgress";
import { type StoryProgress, storyProgress, storyProgressReply, storySave } from "@spankbank/shared/contract/story";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** The story game's save, per partner: whose it is comes from the session alone. */
export const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get("/story-progress", { schema: { response: { 200: storyProgressReply } } }, async (request) => {
    const saved = readStoryProgress(db, signedInUser(request).id);
    if (!saved) return { progress: null, updated_at: null };
    // A save written by an older shape reads as none: the page starts a new adventure, on top of
    // that save (its time, which the page's next save names).
    const progress = storyProgress.safeParse(saved.progress);
    return { progress: progress.success ? progress.data : null, updated_at: saved.updatedAt };
  });

  app.put(
    "/story-progress",
    { schema: { body: storySave, response: { 200: storyProgressReply } } },
    async (request) => {
      const { based_on: basedOn, ...progress } = request.body;
      const saved = saveStoryProgress(db, signedInUser(request).id, progress, now(), basedOn);
      return { progress: saved.progress as StoryProgress, updated_at: saved.updatedAt };
    },
  );
};
