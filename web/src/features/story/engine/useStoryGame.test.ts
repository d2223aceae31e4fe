import type { StoryProgress } from "@spankbank/shared/contract/story";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StorySaving } from "../api/storyProgress";
import type { StoryScene } from "../scenes/types";
import { newAdventure } from "./storyEngine";
import { progressKey, useStoryGame } from "./useStoryGame";

const scene = (id: number, next: number[]): StoryScene => ({
  id,
  text: `Scene ${id}`,
  partnerMessage: `Message ${id}`,
  choices: next.map((to) => ({ text: `To ${to}`, next: to, score: 10 })),
  background: "cabin",
  timeOfDay: "night",
});
const story = [scene(0, [1, 2]), scene(1, [2, 0]), scene(2, [0, 1])];
// Scene 0's first choice gives the map; scene 1 offers a choice only to those who have it.
story[0]!.choices[0]!.gives = ["map"];
story[1]!.choices.push({ text: "Read the map", next: 2, score: 5, needs: ["map"] });
story[2]!.choices.push({ text: "Read the map", next: 1, score: 5, needs: ["map"] });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useStoryGame", () => {
  const newAdventureOnServer: StoryProgress = {
    version: 2,
    scene: 0,
    score: 50,
    history: [],
    flags: [],
    pending_scene: null,
  };

  const savedAt = "2026-11-20T10:00:00.000Z";
  const onServerAt = (progress: StoryProgress | null, updatedAt: string | null) => ({
    progress,
    updatedAt,
    save: ({ onSaved }: StorySaving) => onSaved("2026-11-21T09:00:00.000Z"),
  });

  /** A game played on elsewhere (the phone, the laptop, a backup): scene 1 by the first choice, with the map. */
  const playedOnElsewhere: StoryProgress = {
    ...newAdventureOnServer,
    scene: 1,
    score: 60,
    history: [{ scene: 0, choice: 0 }],
    flags: ["map"],
  };

  /** The game on this page, over the server's copy as the query holds it (rerender: a new read), and each save it sends. */
  function playingOnTheServer() {
    localStorage.clear();
    const sent: StorySaving[] = [];
    const hook = renderHook(
      ({ progress, updatedAt }: { progress: StoryProgress; updatedAt: string }) =>
        useStoryGame(story, "alex", { progress, updatedAt, save: (saving) => sent.push(saving) }),
      { initialProps: { progress: newAdventureOnServer, updatedAt: savedAt } },
    );
    return { ...hook, sent };
  }

  /** Alex plays scene 0's second choice here; its save never reaches the server (the page reloads). */
  function chooseWithoutConfirmation(server: { progress: StoryProgress | null; updatedAt: string | null }) {
    const sent: StoryProgress[] = [];
    const first = renderHook(() =>
      useStoryGame(story, "alex", { ...server, save: ({ progress }) => sent.push(progress) }),
    );
    act(() => first.result.current.choose(1));
    act(() => vi.advanceTimersByTime(300));
    first.unmount();
    expect(sent.at(-1)).toMatchObject({ scene: 2, pending_scene: null });
  }

  it("a choice the server never confirmed (a reload while its save was on its way) wins over the copy it was made on, and goes up again", () => {
    localStorage.clear();
    chooseWithoutConfirmation({ progress: newAdventureOnServer, updatedAt: savedAt });

    const sent: StoryProgress[] = [];
    const reloaded = renderHook(() =>
      useStoryGame(story, "alex", {
        progress: newAdventureOnServer,
        updatedAt: savedAt,
        save: ({ progress }) => sent.push(progress),
      }),
    );
    expect(reloaded.result.current.state).toMatchObject({ scene: 2, score: 60 });
    expect(sent).toEqual([expect.objectContaining({ scene: 2, history: [{ scene: 0, choice: 1 }] })]);
  });

  it("a choice never confirmed gives way to a copy another browser saved since: the game played further there is not replaced", () => {
    localStorage.clear();
    chooseWithoutConfirmation({ progress: null, updatedAt: null });
    // Meanwhile, on the laptop, Alex played on: scene 1 by the first choice.
    const onTheLaptop = playedOnElsewhere;

    const sent: StoryProgress[] = [];
    const reloaded = renderHook(() =>
      useStoryGame(story, "alex", {
        progress: onTheLaptop,
        updatedAt: savedAt,
        save: ({ progress }) => sent.push(progress),
      }),
    );
    expect(reloaded.result.current.state).toMatchObject({ scene: 1, score: 60, flags: ["map"] });
    expect(sent).toEqual([]);
  });

  it("a choice made while the one before was still being saved survives a reload, once that one is confirmed", () => {
    localStorage.clear();
    const confirms: (() => void)[] = [];
    const sent: StoryProgress[] = [];
    const first = renderHook(() =>
      useStoryGame(story, "alex", {
        progress: newAdventureOnServer,
        updatedAt: savedAt,
        save: ({ progress, onSaved }) => {
          const savedAt = `2026-11-21T09:00:0${sent.length}.000Z`;
          sent.push(progress);
          confirms.push(() => onSaved(savedAt));
        },
      }),
    );
    act(() => first.result.current.choose(1));
    act(() => vi.advanceTimersByTime(300));
    act(() => first.result.current.choose(0));
    act(() => vi.advanceTimersByTime(300));
    // The server kept the first of the two saves on their way; the page reloads before the second.
    const firstSave = sent.findIndex((progress) => progress.scene === 2 && progress.pending_scene === null);
    act(() => confirms[firstSave]!());
    first.unmount();

    const reloaded = renderHook(() =>
      useStoryGame(story, "alex", {
        progress: sent[firstSave]!,
        updatedAt: `2026-11-21T09:00:0${firstSave}.000Z`,
        save: () => {},
      }),
    );
    expect(reloaded.result.current.state).toMatchObject({
      scene: 0,
      history: [
        { scene: 0, choice: 1 },
        { scene: 2, choice: 0 },
      ],
    });
  });

  it("a choice made while the one before was being saved survives a reload when the server kept that one but its answer never came", () => {
    localStorage.clear();
    const sent: StoryProgress[] = [];
    const first = renderHook(() =>
      useStoryGame(story, "alex", {
        progress: newAdventureOnServer,
        updatedAt: savedAt,
        save: ({ progress }) => sent.push(progress),
      }),
    );
    act(() => first.result.current.choose(1));
    act(() => vi.advanceTimersByTime(300));
    act(() => first.result.current.choose(0));
    // The server kept the first choice's save; the page reloads before its answer, the second choice waiting behind it.
    const firstSave = sent.find((progress) => progress.scene === 2 && progress.pending_scene === null)!;
    first.unmount();

    const resent: StorySaving[] = [];
    const reloaded = renderHook(() =>
      useStoryGame(story, "alex", {
        progress: firstSave,
        updatedAt: "2026-11-21T09:00:00.000Z",
        save: (saving) => resent.push(saving),
      }),
    );
    expect(reloaded.result.current.state).toMatchObject({
      scene: 0,
      history: [
        { scene: 0, choice: 1 },
        { scene: 2, choice: 0 },
      ],
    });
    // It goes up on the save the server holds.
    expect(resent.map(({ progress, basedOn }) => [progress.history.length, basedOn()])).toEqual([
      [2, "2026-11-21T09:00:00.000Z"],
    ]);
  });

  it("a choice never confirmed gives way to a new adventure's moves played elsewhere since", () => {
    localStorage.clear();
    chooseWithoutConfirmation({ progress: newAdventureOnServer, updatedAt: savedAt });
    // On the laptop, alex chose differently from the same start.
    const onTheLaptop = { ...playedOnElsewhere, history: [{ scene: 0, choice: 0 }] };

    const reloaded = renderHook(() =>
      useStoryGame(story, "alex", { progress: onTheLaptop, updatedAt: "2026-11-22T08:00:00.000Z", save: () => {} }),
    );
    expect(reloaded.result.current.state).toMatchObject({ scene: 1, history: [{ scene: 0, choice: 0 }] });
  });

  it("takes the server's copy over this browser's once the server confirmed this browser's last save", () => {
    localStorage.clear();
    const first = renderHook(() => useStoryGame(story, "alex", onServerAt(null, null)));
    act(() => first.result.current.choose(1));
    act(() => vi.advanceTimersByTime(300));
    first.unmount();

    const reloaded = renderHook(() => useStoryGame(story, "alex", onServerAt(newAdventureOnServer, savedAt)));
    expect(reloaded.result.current.state).toMatchObject({ scene: 0, score: 50, history: [] });
  });

  it("on this visit, takes up a read of a save made since elsewhere, and not a read of one older than its own last save", () => {
    const { result, rerender, sent } = playingOnTheServer();
    act(() => result.current.choose(1));
    act(() => vi.advanceTimersByTime(300));
    // Each save is sent standing on the one before; the server keeps both.
    expect(sent.map(({ basedOn }) => basedOn())).toEqual([savedAt, savedAt]);
    act(() => sent[0]!.onSaved("2026-11-20T10:00:01.000Z"));
    expect(sent[1]!.basedOn()).toBe("2026-11-20T10:00:01.000Z");
    act(() => sent[1]!.onSaved("2026-11-20T10:00:02.000Z"));
    // A read sent before those saves answers late, with the save they stand on: the game stays.
    rerender({ progress: newAdventureOnServer, updatedAt: savedAt });
    expect(result.current.state).toMatchObject({ scene: 2, history: [{ scene: 0, choice: 1 }] });
    // A read of a save made since on the phone: the game goes on from there.
    const onThePhone = playedOnElsewhere;
    rerender({ progress: onThePhone, updatedAt: "2026-11-20T11:00:00.000Z" });
    expect(result.current.state).toMatchObject({ scene: 1, flags: ["map"], history: [{ scene: 0, choice: 0 }] });
    act(() => result.current.choose(0));
    expect(sent.at(-1)!.basedOn()).toBe("2026-11-20T11:00:00.000Z");
  });

  it("after a save is refused, takes up the server's copy read before the refusal came", () => {
    const { result, rerender, sent } = playingOnTheServer();
    act(() => result.current.choose(1));
    // The phone's save is read while this page's save is still on its way: the page waits for its answer.
    const onThePhone = playedOnElsewhere;
    rerender({ progress: onThePhone, updatedAt: "2026-11-20T11:00:00.000Z" });
    expect(result.current.state).toMatchObject({ pendingScene: 2 });
    act(() => void sent.at(-1)!.onFailed(true));
    expect(result.current.state).toMatchObject({ scene: 1, flags: ["map"] });
  });

  it("after a refusal, takes up the server's copy even when it is older than the one the game stands on (a restored backup)", () => {
    const { result, rerender, sent } = playingOnTheServer();
    act(() => result.current.choose(1));
    act(() => sent.at(-1)!.onSaved("2026-11-20T10:00:01.000Z"));
    act(() => vi.advanceTimersByTime(300));
    act(() => sent.at(-1)!.onSaved("2026-11-20T10:00:02.000Z"));
    // What the query then holds: this page's last save.
    rerender({ progress: sent.at(-1)!.progress, updatedAt: "2026-11-20T10:00:02.000Z" });
    // The server was put back to an older backup, saved at 09:00 with scene 1.
    const restored = playedOnElsewhere;
    act(() => result.current.choose(0));
    expect(sent.at(-1)!.basedOn()).toBe("2026-11-20T10:00:02.000Z");
    // Refused (the server holds the 09:00 save): the read that follows is taken up, older as it is.
    act(() => void sent.at(-1)!.onFailed(true));
    rerender({ progress: restored, updatedAt: "2026-11-20T09:00:00.000Z" });
    expect(result.current.state).toMatchObject({ scene: 1, flags: ["map"] });
    act(() => result.current.choose(0));
    expect(sent.at(-1)!.basedOn()).toBe("2026-11-20T09:00:00.000Z");
  });

  it("moves to the chosen scene after 300 ms and ignores choices meanwhile", () => {
    const { result } = renderHook(() => useStoryGame(story, "alex"));
    act(() => result.current.choose(1));
    expect(result.current.moving).toBe(true);
    act(() => result.current.choose(0));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.state.scene).toBe(0);
    expect(result.current.scene.id).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toEqual({
      scene: 2,
      score: 60,
      history: [{ scene: 0, choice: 1 }],
      flags: [],
      pendingScene: null,
    });
    expect(result.current.moving).toBe(false);
  });

  it("offers a choice only with what it needs, and ignores a hidden one", () => {
    const { result } = renderHook(() => useStoryGame(story, "alex"));
    act(() => result.current.choose(1));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.view.choices.map(({ index }) => index)).toEqual([0, 1]);
    act(() => result.current.choose(2));
    expect(result.current.moving).toBe(false);
    expect(result.current.state.history).toHaveLength(1);
  });

  it("keeps each partner's progress, flags included, through a reload", () => {
    const alex = renderHook(() => useStoryGame(story, "alex"));
    act(() => alex.result.current.choose(0));
    act(() => vi.advanceTimersByTime(300));
    alex.unmount();
    expect(JSON.parse(localStorage.getItem(progressKey("alex"))!)).toMatchObject({ version: 2, flags: ["map"] });

    const reloaded = renderHook(() => useStoryGame(story, "alex"));
    expect(reloaded.result.current.state).toMatchObject({ scene: 1, score: 60, flags: ["map"] });
    expect(reloaded.result.current.view.choices.map(({ index }) => index)).toEqual([0, 1, 2]);
    const sam = renderHook(() => useStoryGame(story, "sam"));
    expect(sam.result.current.state).toMatchObject({ scene: 0, score: 50, history: [] });
  });

  it("lands on the next scene when the page reloads mid-move", () => {
    const first = renderHook(() => useStoryGame(story, "alex"));
    act(() => first.result.current.choose(1));
    first.unmount();
    expect(renderHook(() => useStoryGame(story, "alex")).result.current.state).toMatchObject({
      scene: 2,
      pendingScene: null,
    });
  });

  it("starts a new adventure when the saved progress is unreadable or names a scene no longer there", () => {
    localStorage.setItem(progressKey("alex"), "{not json");
    expect(renderHook(() => useStoryGame(story, "alex")).result.current.state.scene).toBe(0);
    const gone = { version: 2, scene: 77, score: 40, history: [], flags: [], pendingScene: null };
    localStorage.setItem(progressKey("sam"), JSON.stringify(gone));
    expect(renderHook(() => useStoryGame(story, "sam")).result.current.state).toMatchObject({ scene: 0, score: 50 });
  });

  it("starts a save from before the story remembered things (no version, no flags) as a new adventure", () => {
    // The format every save had until version 2: a scene that still exists, mid-adventure.
    const before = { scene: 2, score: 80, history: [{ scene: 0, choice: 1 }], pendingScene: null };
    localStorage.setItem(progressKey("alex"), JSON.stringify(before));
    const { result } = renderHook(() => useStoryGame(story, "alex"));
    expect(result.current.state).toEqual({ scene: 0, score: 50, history: [], flags: [], pendingScene: null });
    expect(JSON.parse(localStorage.getItem(progressKey("alex"))!)).toMatchObject({ version: 2, scene: 0, flags: [] });
  });

  it.each([
    ["a score past the heart meter", { score: 101 }],
    ["a scene that is not a whole number", { scene: 1.5 }],
    ["a history step with a negative choice", { history: [{ scene: 0, choice: -1 }] }],
    ["a history step with a scene in words", { history: [{ scene: "0", choice: 1 }] }],
    ["a history that is not a list", { history: { scene: 0, choice: 1 } }],
    ["flags that are not a list", { flags: "cellarKey" }],
    ["a moving-to scene in words", { pendingScene: "2" }],
  ])("starts a new adventure when the save has %s", (_, odd) => {
    const save = { version: 2, scene: 1, score: 60, history: [{ scene: 0, choice: 0 }], flags: [], pendingScene: null };
    localStorage.setItem(progressKey("alex"), JSON.stringify(save));
    expect(renderHook(() => useStoryGame(story, "alex")).result.current.state).toMatchObject({ scene: 1, score: 60 });
    localStorage.setItem(progressKey("alex"), JSON.stringify({ ...save, ...odd }));
    expect(renderHook(() => useStoryGame(story, "alex")).result.current.state).toEqual(newAdventure);
  });

  it("starts a new adventure when the saved flags are unknown to the story", () => {
    const odd = { version: 2, scene: 1, score: 60, history: [], flags: ["teleporter"], pendingScene: null };
    localStorage.setItem(progressKey("alex"), JSON.stringify(odd));
    expect(renderHook(() => useStoryGame(story, "alex")).result.current.state.scene).toBe(0);
  });

  it("restarts at scene 0 with score 50 and an empty history", () => {
    const { result } = renderHook(() => useStoryGame(story, "alex"));
    act(() => result.current.choose(0));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.restart());
    expect(result.current.state).toEqual({ scene: 0, score: 50, history: [], flags: [], pendingScene: null });
  });
});
