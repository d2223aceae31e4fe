import { useMemo, useSyncExternalStore } from "react";

/** A date (an ISO string from the API) as this browser shows one, e.g. "11/23/2026". */
export function formatDate(iso: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Date(iso).toLocaleDateString(undefined, options);
}

/** A moment (an ISO string from the API) as this browser shows one, e.g. "11/23/2026, 5:45:00 PM". */
export function formatDateTime(iso: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Date(iso).toLocaleString(undefined, options);
}

/** A number as this browser writes one, e.g. "1,234". */
export const formatNumber = (value: number): string => value.toLocaleString();

const tickers = new Map<number, (listener: () => void) => () => void>();

/**
 * Calls each subscribed listener on every `everyMs` boundary of the wall clock, all from one timer,
 * which runs while anyone listens (the two clocks of the dashboard tick together).
 */
function ticksEvery(everyMs: number): (listener: () => void) => () => void {
  let subscribe = tickers.get(everyMs);
  if (!subscribe) {
    const listeners = new Set<() => void>();
    let stop: (() => void) | undefined;
    const tick = () => {
      for (const listener of listeners) listener();
    };
    const start = () => {
      let interval: ReturnType<typeof setInterval> | undefined;
      const align = setTimeout(
        () => {
          tick();
          interval = setInterval(tick, everyMs);
        },
        everyMs - (Date.now() % everyMs),
      );
      return () => {
        clearTimeout(align);
        clearInterval(interval);
      };
    };
    subscribe = (listener) => {
      listeners.add(listener);
      stop ??= start();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stop?.();
        stop = undefined;
      };
    };
    tickers.set(everyMs, subscribe);
  }
  return subscribe;
}

/** The time on a clock that ticks every `everyMs`. */
export function useNow(everyMs: number): Date {
  const at = useSyncExternalStore(ticksEvery(everyMs), () => Math.floor(Date.now() / everyMs) * everyMs);
  return useMemo(() => new Date(at), [at]);
}
