import type { StoryProgressReply } from "@spankbank/shared/contract/story";
import { HttpResponse, http } from "msw";

/** The fake server's saved story game (one partner's: the tests sign one in at a time). */
let saved: StoryProgressReply = { progress: null, updated_at: null };

export const storySaves = (): StoryProgressReply => saved;
export const setStorySave = (reply: StoryProgressReply) => {
  saved = reply;
};
export function resetStory(): void {
  saved = { progress: null, updated_at: null };
}

export const storyHandlers = [
  http.get("/api/story-progress", () => HttpResponse.json(saved)),
  http.put("/api/story-progress", async ({ request }) => {
    saved = {
      progress: (await request.json()) as StoryProgressReply["progress"],
      updated_at: new Date().toISOString(),
    };
    return HttpResponse.json(saved);
  }),
];
