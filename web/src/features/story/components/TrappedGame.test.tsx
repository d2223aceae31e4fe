import type { StoryProgress, StoryProgressReply, StorySave } from "@spankbank/shared/contract/story";
import { onlineManager } from "@tanstack/react-query";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { delay, HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { signedInUsername, signInAs } from "@/test/handlers/auth";
import { setStorySave, storySaves } from "@/test/handlers/story";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";
import { samSignsIn, signOutFromMenu } from "@/test/switchPartners";
import { progressKey, SCENE_TRANSITION_MS } from "../engine/useStoryGame";
import { fillNames } from "../names";
import { story } from "../scenes/story";
import { goldenWalk, shortestWalkToEnding } from "../test/storyGraph";

const asAlex = { me: "Alex", partner: "Sam" };
const sceneById = (id: number) => story.find((scene) => scene.id === id)!;

async function openGame() {
  signInAs("alex");
  const app = renderApp("/trapped-game");
  await screen.findByRole("heading", { level: 1, name: "Trapped with Sam" });
  return app;
}

/** A fresh device: the game opened, its first choice made along the shortest walk and saved once arrived. */
async function firstChoiceSaved() {
  localStorage.clear();
  const { user, router } = await openGame();
  const walk = shortestWalkToEnding(story);
  const choose = async (step: (typeof walk)[number]) => {
    const scene = await screen.findByRole("article", { name: `Scene ${step.scene}` });
    await user.click(within(scene).getAllByRole("button")[step.shown]!);
  };
  await choose(walk[0]!);
  await waitFor(() => expect(storySaves().progress).toMatchObject({ history: [{}], pending_scene: null }));
  return { walk, choose, router };
}

/**
 * The save of the next arrival (two choices in) reaches the server, which keeps it, but its answer
 * is lost (the phone's connection drops on the way back). Whether it happened yet.
 */
function loseTheAnswerToTheSecondSave(): () => boolean {
  let lost = false;
  server.use(
    http.put("/api/story-progress", async ({ request }) => {
      // Read from a copy: a save this handler lets through is read again by the fake server's own.
      const { based_on: _basedOn, ...progress } = (await request.clone().json()) as StorySave;
      if (lost || progress.history.length !== 2 || progress.pending_scene !== null) return undefined;
      lost = true;
      setStorySave({ progress, updated_at: new Date().toISOString() });
      return HttpResponse.error();
    }),
  );
  return () => lost;
}

// The whole app renders in jsdom: slower than a unit on this shared machine.
describe("/trapped-game", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows scene 0 with alex's and sam's names, its time of day, the quoted message and its choices", async () => {
    await openGame();
    const first = sceneById(0);
    const scene = await screen.findByRole("article", { name: "Scene 0" });
    expect(within(scene).getByText(fillNames(first.text, asAlex))).toBeInTheDocument();
    expect(within(scene).getByText(`“${fillNames(first.partnerMessage, asAlex)}”`)).toBeInTheDocument();
    expect(
      within(scene)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(first.choices.map((choice) => fillNames(choice.text, asAlex)));
    const time = first.timeOfDay.replace("_", " ");
    const badge = screen.getByText("Time of day:", { exact: false }).parentElement!;
    expect(badge).toHaveTextContent(`Time of day: ${time.charAt(0).toUpperCase()}${time.slice(1)}`);
    expect(screen.getByText("Scene 0")).toBeInTheDocument();
    expect(screen.getByText("0 choices made")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\{me\}|\{partner\}/);
  });

  it("shows or hides the heart score's number with the toggle", async () => {
    const { user } = await openGame();
    const heart = await screen.findByRole("button", { name: "Heart score" });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    await user.click(heart);
    expect(screen.getByRole("button", { name: "Heart score 50" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Heart score 50" }));
    expect(screen.getByRole("button", { name: "Heart score" })).toHaveAttribute("aria-pressed", "false");
  });

  // Its own budget: each of the 31 moves renders the whole app in jsdom and queries it by role
  // (about 0.25 s a move here, several times that on a busy machine).
  it("plays by keyboard to an ending, moving focus to each new scene, and starts a new adventure", {
    timeout: 60_000,
  }, async () => {
    const { user } = await openGame();
    await user.click(await screen.findByRole("button", { name: "Heart score" }));
    // Each move waits its 300 ms transition: the clock is moved past it instead of waited out (the
    // waits alone were 13 s of the 18-20 s this took, which outran its budget on a busy machine).
    // Time still flows for everything else.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    let score = 50;
    for (const [made, step] of shortestWalkToEnding(story).entries()) {
      const scene = await screen.findByRole("article", { name: `Scene ${step.scene}` });
      const choice = sceneById(step.scene).choices[step.choice]!;
      const button = within(scene).getAllByRole("button")[step.shown]!;
      expect(button).toHaveTextContent(fillNames(choice.text, asAlex));
      button.focus();
      await user.keyboard("{Enter}");
      await vi.advanceTimersByTimeAsync(SCENE_TRANSITION_MS);
      score = Math.min(100, Math.max(0, score + choice.score));
      const next = await screen.findByRole("article", { name: `Scene ${choice.next}` });
      await waitFor(() => expect(next).toHaveFocus());
      expect(screen.getByText(`${made + 1} choices made`)).toBeInTheDocument();
      expect(screen.getByText(`Scene ${choice.next}`, { selector: "p" })).toBeInTheDocument();
    }
    expect(screen.getByRole("button", { name: `Heart score ${score}` })).toBeInTheDocument();
    const ending = screen.getByRole("article", { name: /^Scene / });
    const [startOver] = within(ending).getAllByRole("button");
    expect(startOver).toHaveTextContent("Start New Adventure");
    await user.tab();
    expect(startOver).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("article", { name: "Scene 0" })).toHaveFocus();
    expect(screen.getByText("0 choices made")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Heart score 50" })).toBeInTheDocument();
  });

  it("tells a saved ending in the shade of its heart score, recalling what the player did", async () => {
    const { ending, flags } = goldenWalk(story);
    const saved = (score: number) => ({ version: 2, scene: ending, score, history: [], flags, pendingScene: null });
    localStorage.setItem(progressKey("alex"), JSON.stringify(saved(40)));
    await openGame();
    const quiet = sceneById(ending).shades!.find((shade) => 40 >= shade.min)!;
    const article = await screen.findByRole("article", { name: `Scene ${ending}` });
    expect(within(article).getByText(fillNames(`${sceneById(ending).text} ${quiet.text}`, asAlex))).toBeInTheDocument();
    const recalls = within(article).getByRole("list", { name: "What you did together" });
    expect(within(recalls).getAllByRole("listitem")).toHaveLength(3);
    cleanup();

    localStorage.setItem(progressKey("alex"), JSON.stringify(saved(100)));
    await openGame();
    const glowing = sceneById(ending).shades![0]!;
    await screen.findByText(fillNames(`${sceneById(ending).text} ${glowing.text}`, asAlex));
  });

  it("starts an old save (before flags) at scene 0 instead of failing", async () => {
    // The save format before version 2, pointing at a scene number the story no longer has.
    localStorage.setItem(
      progressKey("alex"),
      JSON.stringify({ scene: 13, score: 90, history: [], pendingScene: null }),
    );
    await openGame();
    await screen.findByRole("article", { name: "Scene 0" });
    expect(screen.getByText("0 choices made")).toBeInTheDocument();
  });

  it("plays on when the answer to a save was lost on the way back: the next choice is kept, not refused as played elsewhere", async () => {
    const { walk, choose } = await firstChoiceSaved();
    const lost = loseTheAnswerToTheSecondSave();
    await choose(walk[1]!);
    await waitFor(() => expect(lost()).toBe(true));
    // The next choice stands on the save whose answer never came.
    await choose(walk[2]!);
    await screen.findByRole("article", { name: `Scene ${walk[3]!.scene}` });
    await waitFor(() => expect(storySaves().progress).toMatchObject({ history: [{}, {}, {}], pending_scene: null }));
    expect(
      screen.queryByText(
        "This adventure went further on another device: nothing was replaced. It carries on from there.",
      ),
    ).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, SCENE_TRANSITION_MS * 2));
    expect(screen.getByRole("article", { name: `Scene ${walk[3]!.scene}` })).toBeInTheDocument();
    cleanup();
  });

  it("after a save's answer was lost, still replaces nothing another device played since", async () => {
    const { walk, choose } = await firstChoiceSaved();
    const lost = loseTheAnswerToTheSecondSave();
    await choose(walk[1]!);
    await waitFor(() => expect(lost()).toBe(true));
    // Then the phone plays on from the server's save: five choices in.
    const onThePhone = walk.slice(0, 5);
    const further = sceneById(onThePhone.at(-1)!.scene).choices[onThePhone.at(-1)!.choice]!.next;
    setStorySave({
      progress: {
        version: 2,
        scene: further,
        score: 50,
        history: onThePhone.map(({ scene, choice }) => ({ scene, choice })),
        flags: [],
        pending_scene: null,
      },
      updated_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await choose(walk[2]!);
    expect(
      await screen.findByText(
        "This adventure went further on another device: nothing was replaced. It carries on from there.",
      ),
    ).toBeInTheDocument();
    await screen.findByRole("article", { name: `Scene ${further}` });
    expect(storySaves().progress?.history).toHaveLength(5);
    cleanup();
  });

  it("left open while the game went further on another device: its next choice replaces nothing, says so, and carries on from there", async () => {
    // The laptop: one choice, saved once it has arrived at its scene.
    const { walk, choose } = await firstChoiceSaved();
    // Meanwhile, on the phone, Alex plays six choices from there: the server keeps that game.
    const onThePhone = walk.slice(0, 6);
    const further = sceneById(onThePhone.at(-1)!.scene).choices[onThePhone.at(-1)!.choice]!.next;
    setStorySave({
      progress: {
        version: 2,
        scene: further,
        score: 50,
        history: onThePhone.map(({ scene, choice }) => ({ scene, choice })),
        flags: [],
        pending_scene: null,
      },
      updated_at: new Date(Date.now() + 60_000).toISOString(),
    });
    // Back on the laptop, still on its second scene: one more choice there.
    await choose(walk[1]!);
    expect(
      await screen.findByText(
        "This adventure went further on another device: nothing was replaced. It carries on from there.",
      ),
    ).toBeInTheDocument();
    await screen.findByRole("article", { name: `Scene ${further}` });
    // Said once, though the choice and its arrival were both refused.
    expect(
      screen.getAllByText(
        "This adventure went further on another device: nothing was replaced. It carries on from there.",
      ),
    ).toHaveLength(1);
    expect(storySaves().progress?.history).toHaveLength(6);
    // The next choice there goes on from the phone's game.
    await choose({ ...walk[6]!, scene: further });
    await waitFor(() => expect(storySaves().progress?.history).toHaveLength(7));
    cleanup();
  });
});

describe("a story save still on its way when the partners switch on one device", { timeout: 30_000 }, () => {
  /** The server's saves, by partner: Alex has none yet, Sam is two choices in. */
  const bothPartnersSaves = () => {
    const walk = shortestWalkToEnding(story);
    const samsScene = walk[2]!.scene;
    const saves = new Map<string, StoryProgressReply>([
      ["alex", { progress: null, updated_at: null }],
      [
        "sam",
        {
          progress: {
            version: 2,
            scene: samsScene,
            score: 50,
            history: walk.slice(0, 2).map(({ scene, choice }) => ({ scene, choice })),
            flags: [],
            pending_scene: null,
          },
          updated_at: "2026-01-01T09:00:00.000Z",
        },
      ],
    ]);
    // As the server: each partner reads their own save, the one of the session's cookie.
    server.use(http.get("/api/story-progress", () => HttpResponse.json(saves.get(signedInUsername() ?? ""))));
    return { walk, samsScene, saves };
  };

  /** Alex signs out on the tablet, Sam signs in and opens their own game, at their scene. */
  const samOpensTheirGame = async ({ user, router }: ReturnType<typeof renderApp>, samsScene: number) => {
    await signOutFromMenu(user);
    await samSignsIn(user);
    await router.navigate({ to: "/trapped-game" });
    await screen.findByRole("article", { name: `Scene ${samsScene}` });
  };
  /** Every save answered, and the game given time to take up what came back. */
  const settled = async ({ queryClient }: ReturnType<typeof renderApp>) => {
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, SCENE_TRANSITION_MS * 2));
  };

  it("keeps Sam's open game at Sam's scene when Alex's save is answered after the switch", async () => {
    localStorage.clear();
    const { walk, samsScene, saves } = bothPartnersSaves();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      // As the server: each partner's own save, the one of the session's cookie; Alex's answers wait.
      http.put("/api/story-progress", async ({ request }) => {
        const who = signedInUsername() ?? "";
        const { based_on: basedOn, ...progress } = (await request.json()) as StorySave;
        const kept = saves.get(who)!;
        if (basedOn !== undefined && basedOn !== kept.updated_at) {
          return HttpResponse.json({ statusCode: 409, error: "Conflict", message: "Elsewhere" }, { status: 409 });
        }
        const reply = { progress, updated_at: new Date(Date.now() + 60_000).toISOString() };
        saves.set(who, reply);
        // Alex's choice is answered, its arrival at the next scene is not yet.
        if (who === "alex" && progress.pending_scene === null) await answered;
        return HttpResponse.json(reply);
      }),
    );
    const app = await openGame();
    const { user } = app;
    const first = await screen.findByRole("article", { name: "Scene 0" });
    await user.click(within(first).getAllByRole("button")[walk[0]!.shown]!);
    await waitFor(() => expect(saves.get("alex")?.progress).toMatchObject({ pending_scene: null }));
    // Alex's arrival is on its way as Alex signs out.
    await samOpensTheirGame(app, samsScene);

    // Alex's answer arrives only now, while Sam's game is open.
    answer();
    await settled(app);

    expect(screen.getByRole("article", { name: `Scene ${samsScene}` })).toBeInTheDocument();
    expect(saves.get("sam")?.progress?.scene).toBe(samsScene);
    expect(screen.queryByText("Elsewhere")).not.toBeInTheDocument();
    cleanup();
  });

  it("does not send Sam's session the choices Alex made while one of Alex's saves was on its way", async () => {
    localStorage.clear();
    const { walk, samsScene, saves } = bothPartnersSaves();
    // Each save the server was sent, with the session it came under.
    const sent: { who: string; progress: StoryProgress }[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      // As the server: each partner's own save, the one of the session's cookie; Alex's first waits.
      http.put("/api/story-progress", async ({ request }) => {
        const who = signedInUsername() ?? "";
        const { based_on: basedOn, ...progress } = (await request.json()) as StorySave;
        const first = sent.length === 0;
        sent.push({ who, progress });
        if (first) await released;
        const kept = saves.get(who)!;
        if (basedOn !== undefined && basedOn !== kept.updated_at) {
          return HttpResponse.json({ statusCode: 409, error: "Conflict", message: "Elsewhere" }, { status: 409 });
        }
        const reply = { progress, updated_at: new Date(Date.now() + 60_000 * sent.length).toISOString() };
        saves.set(who, reply);
        return HttpResponse.json(reply);
      }),
    );
    const app = await openGame();
    const { user } = app;
    await user.click(
      within(await screen.findByRole("article", { name: "Scene 0" })).getAllByRole("button")[walk[0]!.shown]!,
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    // Alex plays on while the first choice's save is on its way: the next saves wait behind it.
    const second = await screen.findByRole("article", { name: `Scene ${walk[1]!.scene}` });
    await user.click(within(second).getAllByRole("button")[walk[1]!.shown]!);
    await screen.findByRole("article", { name: `Scene ${walk[2]!.scene}` });
    await samOpensTheirGame(app, samsScene);

    // Alex's first save is answered only now, while Sam's game is open.
    release();
    await settled(app);

    expect(sent.filter(({ who }) => who === "sam")).toEqual([]);
    expect(saves.get("sam")?.progress?.scene).toBe(samsScene);
    expect(screen.getByRole("article", { name: `Scene ${samsScene}` })).toBeInTheDocument();
    expect(screen.queryByText("Elsewhere")).not.toBeInTheDocument();
    cleanup();
  });
});

/** How many reads of the server's save have been answered so far in this test. */
function answeredReads(): () => number {
  let answered = 0;
  const count = ({ request }: { request: Request }) => {
    if (request.method === "GET" && new URL(request.url).pathname === "/api/story-progress") answered++;
  };
  server.events.on("response:mocked", count);
  onTestFinished(() => server.events.removeListener("response:mocked", count));
  return () => answered;
}

describe("choices made before this visit's read of the server's save answers", { timeout: 30_000 }, () => {
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it("keeps a choice made offline (the game opened again in a tunnel) when the connection comes back, and saves it", async () => {
    const { walk, choose, router } = await firstChoiceSaved();
    const reads = answeredReads();
    // Another page, then the connection goes and the game is opened again: it shows from the data
    // the page already had, and its read of the server waits for the connection.
    await router.navigate({ to: "/dashboard" });
    onlineManager.setOnline(false);
    await router.navigate({ to: "/trapped-game" });
    await choose(walk[1]!);
    await screen.findByRole("article", { name: `Scene ${walk[2]!.scene}` });
    const readsBefore = reads();

    // Back online: the waiting read answers with the save from before the tunnel.
    onlineManager.setOnline(true);
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(storySaves().progress?.history).toHaveLength(2));
    expect(screen.getByText("2 choices made")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: `Scene ${walk[2]!.scene}` })).toBeInTheDocument();
  });

  it("keeps a quick choice made on a slow connection before the page's read answers, and saves it", async () => {
    const { walk } = await firstChoiceSaved();
    cleanup();
    // The next visit, on a slow connection: each read of the saved game takes a second and a half.
    server.use(
      http.get("/api/story-progress", async () => {
        await delay(1_500);
        return undefined;
      }),
    );
    const reads = answeredReads();
    const { user } = renderApp("/trapped-game");
    // The page shows (its loader read the save) and the partner taps at once, the page's own read still on its way.
    const scene = await screen.findByRole("article", { name: `Scene ${walk[1]!.scene}` });
    const readsBefore = reads();
    await user.click(within(scene).getAllByRole("button")[walk[1]!.shown]!);
    await screen.findByRole("article", { name: `Scene ${walk[2]!.scene}` });

    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore), { timeout: 3_000 });
    await waitFor(() => expect(storySaves().progress?.history).toHaveLength(2));
    expect(screen.getByText("2 choices made")).toBeInTheDocument();
  });
});
