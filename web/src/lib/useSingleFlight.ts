import { useRef } from "react";

/**
 * Starts a write unless the previous one has not settled yet: a double click landing before React
 * re-renders the disabled button runs it once. `start` calls `settled` when the write is done.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return (start: (settled: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  };
}
