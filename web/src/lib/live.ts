import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the HTML prerendered at build (web/src/prerender.tsx), true once the app renders in the
 * browser: what only works live (a submit) waits for it, instead of doing something else natively.
 */
export function useLive(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
