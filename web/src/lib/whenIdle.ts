/**
 * Runs `then` in a moment the phone is idle, and at the latest after `timeout` ms. Safari has no
 * requestIdleCallback: there it runs after `fallback` ms.
 */
export function whenIdle(then: () => void, timeout: number, fallback = 0): void {
  if ("requestIdleCallback" in window) requestIdleCallback(then, { timeout });
  else setTimeout(then, fallback);
}
