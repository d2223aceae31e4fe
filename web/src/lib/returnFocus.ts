/** How many frames to look for the control, and to follow it: a modal's closing transition and the list's reload. */
const FRAMES = 180;

const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** The tab panel's selected tab: where focus goes when an action leaves no control of its own. */
export const SELECTED_TAB = '[role="tab"][aria-selected="true"]';

/** A control still drawn as sending (Mantine's `loading`): the page has not settled after the action yet. */
const stillSending = () => document.querySelector("button[data-loading]") !== null;

/**
 * Puts focus on the control `target` finds once the page has settled after an action whose own
 * control went away or was disabled (focus fell to <body>, and a keyboard or screen reader user
 * with it). It acts only while focus is lost: it never takes focus from where the partner moved it.
 */
export function returnFocus(target: () => HTMLElement | null | undefined): void {
  let focused: HTMLElement | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  returning.add(stop);
  const attempt = (framesLeft: number) => {
    if (stopped) return;
    // The control focused can be replaced when the page's data comes back (a planned visit turns
    // "Plan our next visit" into "Change dates"): focus follows it to the one that took its place.
    // Not while a control is still drawn as sending: its own button, disabled then, would be passed
    // over for the next choice.
    if ((focused === undefined || (!focused.isConnected && focusLost())) && !stillSending()) {
      const element = target();
      if (focusLost() && element && !element.matches(":disabled")) {
        element.focus();
        focused = element;
      }
    }
    if (framesLeft > 0) requestAnimationFrame(() => attempt(framesLeft - 1));
    else returning.delete(stop);
  };
  requestAnimationFrame(() => attempt(FRAMES));
}

/** The focus returns still looking for their control, each stopped by calling it. */
const returning = new Set<() => void>();

/**
 * Stops every focus return still looking: another page is shown (a control of the same name there is
 * not the one the action left), or, in tests, the page is taken down.
 */
export function stopReturningFocus(): void {
  for (const stop of returning) stop();
  returning.clear();
}

/** The first of these selectors that matches an enabled control inside `within` (or the page). */
export function firstControl(selectors: readonly string[], within: ParentNode = document): HTMLElement | null {
  for (const selector of selectors) {
    const found = [...within.querySelectorAll<HTMLElement>(selector)].find((element) => !element.matches(":disabled"));
    if (found) return found;
  }
  return null;
}

/** The enabled button whose name (aria-label, else its text) is `name`. */
export function buttonNamed(name: string): HTMLElement | null {
  return (
    [...document.querySelectorAll<HTMLElement>("button")].find(
      (button) => (button.getAttribute("aria-label") ?? button.textContent?.trim()) === name,
    ) ?? null
  );
}
