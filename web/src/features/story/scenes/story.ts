import type { StoryScene } from "./types";

/**
 * The adventure: the content engineer writes the whole story here (100+ scenes, two endings).
 * This opening is the seed the engine and page are built against.
 */
export const story: StoryScene[] = [
  {
    id: 0,
    text: "The snow came down all at once. By the time {me} and {partner} reached the old cabin on the ridge, the path behind them had vanished and the door had swung shut with a click that sounded very final.",
    partnerMessage: "Well, {me}... it looks like it's just the two of us until morning.",
    choices: [
      { text: "Light the fireplace", next: 1, score: 5, path: "tender" },
      { text: "Try the door again", next: 2, score: -5, path: "brave" },
    ],
    background: "cabin",
    timeOfDay: "evening",
  },
  {
    id: 1,
    text: "The fire catches on the third match. Warm light spills over a map pinned above the mantel, a trail drawn to the valley in someone's careful hand.",
    partnerMessage: "Stay close, {me}. We'll follow that map together at first light.",
    choices: [{ text: "Start New Adventure", next: 0, score: 0, path: "home", restart: true }],
    background: "cabin",
    timeOfDay: "night",
    ending: true,
  },
  {
    id: 2,
    text: "The door gives way to a wall of white. Through the snow, a lantern bobs on the next ridge: the ranger's station, closer than it looked.",
    partnerMessage: "Hold my hand, {me}. If we go now, we can make it before dark.",
    choices: [{ text: "Start New Adventure", next: 0, score: 0, path: "home", restart: true }],
    background: "forest",
    timeOfDay: "sunset",
    ending: true,
  },
];
