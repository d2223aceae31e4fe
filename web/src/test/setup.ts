import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { stopReturningFocus } from "@/lib/returnFocus";
import { resetAuth } from "./handlers/auth";
import { resetBounties } from "./handlers/bounties";
import { resetEconomy } from "./handlers/economy";
import { resetExportSize } from "./handlers/export";
import { resetInventory } from "./handlers/inventory";
import { resetLaterLetters } from "./handlers/laterLetters";
import { resetLetters } from "./handlers/letters";
import { resetMemories } from "./handlers/memories";
import { resetMyDay } from "./handlers/myDay";
import { resetNudges } from "./handlers/nudges";
import { resetOurYear } from "./handlers/ourYear";
import { resetPasskeys } from "./handlers/passkeys";
import { resetProducts } from "./handlers/products";
import { resetQuestions } from "./handlers/questions";
import { resetSearch } from "./handlers/search";
import { resetStory } from "./handlers/story";
import { resetStreak } from "./handlers/streak";
import { resetVisits } from "./handlers/visits";
import { resetWorkouts } from "./handlers/workouts";
import { resetKeyedWrites } from "./keyedWrites";
import { server } from "./server";

// A busy shared 2-core CI box can take many seconds for the first render of a page: a budget, no speed is asserted.
configure({ asyncUtilTimeout: 20_000 });

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  cleanup();
  // A page's focus returns end with it: one still looking would move the next test's keyboard.
  stopReturningFocus();
  server.resetHandlers();
  resetAuth();
  resetMemories();
  resetQuestions();
  resetWorkouts();
  resetProducts();
  resetEconomy();
  resetInventory();
  resetLetters();
  resetMyDay();
  resetExportSize();
  resetLaterLetters();
  resetVisits();
  resetNudges();
  resetStreak();
  resetOurYear();
  resetSearch();
  resetStory();
  resetBounties();
  resetPasskeys();
  resetKeyedWrites();
  localStorage.clear();
});
afterAll(() => server.close());

// Browser APIs Mantine relies on that jsdom does not implement. Reduced motion: no transitions to wait for.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: query.includes("prefers-reduced-motion: reduce"),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// jsdom lays nothing out: every element watched is on screen, told at once as a browser tells it.
window.IntersectionObserver = class {
  readonly root = null;
  readonly rootMargin = "0px";
  readonly thresholds = [0];
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry;
    queueMicrotask(() => this.report([entry], this));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
};
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// Mantine's autosizing Textarea listens for web fonts loading.
Object.defineProperty(document, "fonts", {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});
