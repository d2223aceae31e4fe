import { SCENE_TRANSITION_MS } from "@spankbank/shared/limits";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { renderApp } from "@/test/renderApp";
import { fillNames } from "../names";
import { story } from "../scenes/story";
import { choiceTowardEnding } from "../storyGraph";

const asAlex = { me: "Alex", partner: "Sam" };
const sceneById = (id: number) => story.find((scene) => scene.id === id)!;

/** The shortest way from scene 0 to an ending (32 moves), each scene with the choice taken. */
function shortestWalkToEnding(): { scene: number; choice: number }[] {
  const walk: { scene: number; choice: number }[] = [];
  for (let scene = sceneById(0); !scene.ending; ) {
    const choice = choiceTowardEnding(story, scene.id)!;
    walk.push({ scene: scene.id, choice });
    scene = sceneById(scene.choices[choice]!.next);
  }
  return walk;
}

async function openGame() {
  signInAs("alex");
  const app = renderApp("/trapped-game");
  await screen.findByRole("heading", { level: 1, name: "Trapped with Sam" }, { timeout: 10_000 });
  return app;
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

  // Its own budget: each of the 32 moves renders the whole app in jsdom and queries it by role
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
    for (const [made, step] of shortestWalkToEnding().entries()) {
      const scene = await screen.findByRole("article", { name: `Scene ${step.scene}` });
      const choice = sceneById(step.scene).choices[step.choice]!;
      within(scene).getAllByRole("button")[step.choice]!.focus();
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
});
