import { afterEach, describe, expect, it } from "vitest";
import { buttonNamed, returnFocus } from "./returnFocus";

const button = (name: string) => {
  const element = document.createElement("button");
  element.textContent = name;
  document.body.append(element);
  return element;
};
const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
    next(n);
  });

afterEach(() => {
  document.body.replaceChildren();
});

describe("returnFocus", () => {
  it("follows the control it focused to the one that takes its place when the page's data comes back", async () => {
    // A visit saved: its form closed and focus fell to <body>; the page still shows the old button.
    const plan = button("Plan our next visit");
    returnFocus(() => buttonNamed("Change dates") ?? buttonNamed("Plan our next visit"));
    await frames(3);
    expect(document.activeElement).toBe(plan);
    // The visits are read again: the planned visit's "Change dates" replaces the button.
    plan.remove();
    const change = button("Change dates");
    await frames(3);
    expect(document.activeElement).toBe(change);
  });

  it("never takes focus from where the partner moved it", async () => {
    const plan = button("Plan our next visit");
    const other = button("Something else");
    other.focus();
    returnFocus(() => buttonNamed("Plan our next visit"));
    await frames(3);
    expect(document.activeElement).toBe(other);
    expect(document.activeElement).not.toBe(plan);
  });
});
