import { describe, expect, it } from "vitest";
import { story } from "../scenes/story";
import type { StoryChoice, StoryScene } from "../scenes/types";
import { percentile, seededRandom, simulatePlays } from "./storySimulation";

const go = (next: number, more: Partial<StoryChoice> = {}): StoryChoice => ({
  text: `To ${next}`,
  next,
  score: 0,
  ...more,
});
const scene = (id: number, choices: StoryChoice[], more: Partial<StoryScene> = {}): StoryScene => ({
  id,
  text: `Scene ${id}`,
  partnerMessage: `Message ${id}`,
  choices,
  background: "cabin",
  timeOfDay: "night",
  ...more,
});
/** 0 -> 1 (takes the key) or 2; 2 needs the key; 1 and 2 lead to the ending 3. */
const small = [
  scene(0, [go(1, { gives: ["cellarKey"], score: 10 }), go(2, { needs: ["cellarKey"] }), go(3, { score: -10 })]),
  scene(1, [go(2, { score: 5 }), go(3)]),
  scene(2, [go(3), go(3, { gives: ["map"] })], { needs: ["cellarKey"] }),
  scene(3, [{ text: "Start New Adventure", next: 0, score: 0, restart: true }], { ending: true }),
];

describe("simulatePlays", () => {
  it("counts the scenes a player who is shown every choice reaches without what they need", () => {
    const blind = simulatePlays(small, 3000, seededRandom(1), { showAll: true });
    // A third of the runs go 0 -> 2 without the key.
    expect(blind.runsWithBreaks / blind.runs).toBeCloseTo(1 / 3, 1);
    expect(blind.breaks).toBe(blind.runsWithBreaks);
    const shown = simulatePlays(small, 3000, seededRandom(1));
    expect(shown.breaks).toBe(0);
  });

  it("tallies the final hearts and the endings, the same for the same seed", () => {
    const played = simulatePlays(small, 3000, seededRandom(2));
    expect(played.finalHearts.reduce((sum, runs) => sum + runs, 0)).toBe(3000);
    expect(played.endings).toEqual(new Map([[3, 3000]]));
    // Scores a run can end on: 40 (0 -> 3), 60 (0 -> 1 -> 3), 65 (0 -> 1 -> 2 -> 3).
    expect(played.finalHearts.flatMap((runs, score) => (runs > 0 ? [score] : []))).toEqual([40, 60, 65]);
    expect(simulatePlays(small, 3000, seededRandom(2))).toEqual(played);
    expect(percentile(played.finalHearts, 0.01)).toBe(40);
    expect(percentile(played.finalHearts, 1)).toBe(65);
  });
});

// 20,000 random playthroughs of the real story: a second or two, much longer on a busy machine.
describe("20,000 random players of the story", { timeout: 120_000 }, () => {
  it("meet no continuity break, read nothing twice, reach both endings and end with hearts from about 30 to 100", () => {
    const played = simulatePlays(story, 20_000, seededRandom(19));
    expect(played.breaks).toBe(0);
    // No text names a thing the run has not met, and no scene reads the same twice in a run.
    expect([played.sceneMentionBreaks, played.choiceMentionBreaks, played.runsWithMentionBreaks]).toEqual([0, 0, 0]);
    expect([played.rereads, played.runsWithRereads]).toEqual([0, 0]);
    // Both ways home are taken: the lighthouse by at least one run in five.
    expect(played.endings.get(105)! / played.runs).toBeGreaterThan(0.2);
    expect([...played.endings.keys()].sort()).toEqual([104, 105]);
    // The heart spreads out: few runs at either extreme, the middle half roughly 60 to 80.
    const [p1, p25, p50, p75, p99] = [0.01, 0.25, 0.5, 0.75, 0.99].map((share) =>
      percentile(played.finalHearts, share),
    );
    expect(p1).toBeGreaterThanOrEqual(25);
    expect(p1).toBeLessThanOrEqual(50);
    expect(p50).toBeGreaterThanOrEqual(55);
    expect(p50).toBeLessThanOrEqual(80);
    expect(p99).toBeGreaterThanOrEqual(90);
    expect(played.finalHearts[100]! / played.runs).toBeLessThan(0.1);
    console.info(
      `20,000 random runs: ${(played.choices / played.runs).toFixed(1)} choices a run; final heart p1 ${p1}, p25 ${p25}, median ${p50}, p75 ${p75}, p99 ${p99}; at 100: ${played.finalHearts[100]}; endings ${[...played.endings].map(([id, runs]) => `${id}: ${runs}`).join(", ")}`,
    );
  });
});
