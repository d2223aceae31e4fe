import type { StoryProgress } from "@spankbank/shared/contract/story";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { get } from "idb-keyval";
import { HttpResponse, http } from "msw";
import type { ReactNode } from "react";
import { describe, expect, it, onTestFinished } from "vitest";
import { sessionKeys } from "@/features/session/api/keys";
import { useSaveStoryProgress } from "@/features/story/api/storyProgress";
import { restoreKeptCache } from "@/lib/keptCache";
import { withFakeIndexedDb } from "@/test/fakeIndexedDb";
import { storySaves } from "@/test/handlers/story";
import { server } from "@/test/server";
import { createAppQueryClient } from "./queryClient";

const KEPT = "spankbank:query-cache";
/** What this device kept last, as written to IndexedDB. */
const kept = async () => {
  const text = await get<string>(KEPT);
  return text === undefined ? undefined : (JSON.parse(text) as { timestamp: number });
};
withFakeIndexedDb();

const game = (scene: number, history: { scene: number; choice: number }[], pending: number | null): StoryProgress => ({
  version: 2,
  scene,
  score: 50,
  history,
  flags: [],
  pending_scene: pending,
});

/** One visit of the app on this phone: the app's query client, its kept cache restored, mounted as the app mounts it. */
async function visit() {
  const queryClient = createAppQueryClient(() => {});
  await restoreKeptCache(queryClient);
  queryClient.setQueryData(sessionKeys.current(), {
    user: { username: "alex" },
  } as never);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSaveStoryProgress(), { wrapper });
  const save = (progress: StoryProgress, basedOn: () => string | null | undefined) =>
    act(() =>
      result.current.mutate({
        player: "alex",
        progress,
        basedOn,
        onSaved: () => {},
        onFailed: () => true,
      }),
    );
  return { queryClient, save };
}

describe("story saves and the cache this device keeps", () => {
  it("a story save still queued when the page was left does not hold back the next visit's saves", async () => {
    // Visit 1, on a slow connection: a choice's save is on its way, and the arrival's save (300 ms
    // later) waits behind it in the story's queue when the partner locks the phone (pagehide).
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    onTestFinished(() => answerFirst());
    server.use(
      http.put(
        "/api/story-progress",
        async () => {
          await firstAnswered;
          return HttpResponse.json({ statusCode: 503, error: "Service Unavailable", message: "gone" }, { status: 503 });
        },
        { once: true },
      ),
    );
    const first = await visit();
    await first.save(game(0, [{ scene: 0, choice: 1 }], 3), () => null);
    await first.save(game(3, [{ scene: 0, choice: 1 }], null), () => null);
    await waitFor(() => expect(first.queryClient.getMutationCache().getAll()[1]?.state.isPaused).toBe(true));
    const leftAt = Date.now();
    dispatchEvent(new Event("pagehide"));
    await waitFor(async () => expect((await kept())?.timestamp).toBeGreaterThanOrEqual(leftAt));
    // The phone discards the tab before its first save answers.

    // Visit 2, later, online: the partner plays on, and the choice's save reaches the server with
    // no tab switch or change of connection in between.
    const second = await visit();
    await second.save(
      game(
        3,
        [
          { scene: 0, choice: 1 },
          { scene: 3, choice: 0 },
        ],
        5,
      ),
      () => null,
    );
    await waitFor(() =>
      expect(storySaves().progress?.history).toEqual([
        { scene: 0, choice: 1 },
        { scene: 3, choice: 0 },
      ]),
    );
    expect(
      second.queryClient
        .getMutationCache()
        .getAll()
        .every((mutation) => mutation.options.mutationFn),
    ).toBe(true);
  });
});
