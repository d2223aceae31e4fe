import type { StoryProgressReply, StorySave } from "@spankbank/shared/contract/story";
import { HttpResponse, http } from "msw";

const PLAYED_ELSEWHERE =
  "This adventure went further on another device: nothing was replaced. It carries on from there.";

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
  // As the server: a game played on from an older save than the one kept is refused, unless it is that one.
  http.put("/api/story-progress", async ({ request }) => {
    const { based_on: basedOn, ...progress } = (await request.json()) as StorySave;
    if (basedOn !== undefined && basedOn !== saved.updated_at) {
      if (JSON.stringify(progress) === JSON.stringify(saved.progress)) return HttpResponse.json(saved);
      return HttpResponse.json({ statusCode: 409, error: "Conflict", message: PLAYED_ELSEWHERE }, { status: 409 });
    }
    saved = { progress, updated_at: new Date().toISOString() };
    return HttpResponse.json(saved);
  }),
];
