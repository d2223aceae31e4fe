import { VIEW_COOKIE } from "@spankbank/shared/limits";
import { useMemo, useSyncExternalStore } from "react";

/**
 * How this partner's browser shows dates, times and numbers: its locale and time zone, and the
 * time the page on screen was rendered at. The browser uses its own; the server's rendering of a
 * page (entry-server.tsx) uses the ones the browser reported (the `view` cookie, written by
 * main.tsx), so both render the same text and React can adopt the server's HTML as it is.
 */
export interface View {
  locale: string;
  timeZone: string;
}

interface Source {
  view: View | undefined;
  /** The time the page being rendered is rendered at (server), or was (browser, while hydrating). */
  renderedAt: number | undefined;
}

let source: () => Source = () => ({ view: undefined, renderedAt: undefined });

/** The server's rendering names where the current render's view comes from (its AsyncLocalStorage). */
export function readViewFrom(next: () => Source): void {
  source = next;
}

/** The locale to format in: undefined in the browser, which means its own. */
export const viewLocale = (): string | undefined => source().view?.locale;
/** The time zone to show times in: undefined in the browser, which means its own. */
export const viewTimeZone = (): string | undefined => source().view?.timeZone;

/** A date (an ISO string from the API) as this browser shows one, e.g. "11/23/2026". */
export function formatDate(iso: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Date(iso).toLocaleDateString(viewLocale(), { ...options, timeZone: viewTimeZone() });
}

/** A moment (an ISO string from the API) as this browser shows one, e.g. "11/23/2026, 5:45:00 PM". */
export function formatDateTime(iso: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Date(iso).toLocaleString(viewLocale(), { ...options, timeZone: viewTimeZone() });
}

/** A number as this browser writes one, e.g. "1,234". */
export const formatNumber = (value: number): string => value.toLocaleString(viewLocale());

/**
 * Now, for what a page renders from the day (the footer's quote, a letter's year): on the server,
 * the time it renders the page at; in the browser, now. (A page hydrated across midnight is
 * rendered again by React, which is all that costs.)
 */
export function renderNow(): Date {
  return new Date(source().renderedAt ?? Date.now());
}

/** The browser hydrates a page the server rendered at `renderedAt` (main.tsx). */
export function pageRenderedAt(renderedAt: number): void {
  serverRenderedAt = renderedAt;
}
let serverRenderedAt: number | undefined;

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

/**
 * The time on a clock that ticks every `everyMs`. Hydrating a page the server rendered, React
 * reads it as the server did (its render time), wherever in the page and however late it
 * hydrates, then moves it on to now: the text always matches, and the clock is right a moment later.
 */
export function useNow(everyMs: number): Date {
  const at = useSyncExternalStore(
    ticksEvery(everyMs),
    () => Math.floor(Date.now() / everyMs) * everyMs,
    () => Math.floor((source().renderedAt ?? serverRenderedAt ?? Date.now()) / everyMs) * everyMs,
  );
  return useMemo(() => new Date(at), [at]);
}

/**
 * Keeps the `view` cookie up to date with this browser's locale and time zone (main.tsx calls it
 * once the page is up). Asking Intl for them loads its time zone data: over a tenth of a second on
 * a phone, in one piece. So the cookie also keeps what can be read for free (the browser's language
 * and its UTC offsets in January and July), and Intl is asked only when those have changed: the
 * first visit, a new language, a move to another zone.
 */
export function keepViewCookie(): void {
  const cheap = cheapView();
  const kept = readCookie(VIEW_COOKIE);
  if (kept && sameCheapView(kept, cheap)) return;
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const value = encodeURIComponent(JSON.stringify({ locale, timeZone, ...cheap }));
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox.
  document.cookie = `${VIEW_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** What tells, without Intl, that the browser's locale or time zone may have changed. */
function cheapView(): { language: string; offsets: number[] } {
  const year = new Date().getFullYear();
  return {
    language: navigator.language,
    offsets: [new Date(year, 0, 1).getTimezoneOffset(), new Date(year, 6, 1).getTimezoneOffset()],
  };
}

function sameCheapView(cookie: string, cheap: ReturnType<typeof cheapView>): boolean {
  try {
    const kept = JSON.parse(decodeURIComponent(cookie)) as Partial<ReturnType<typeof cheapView>>;
    return kept.language === cheap.language && JSON.stringify(kept.offsets) === JSON.stringify(cheap.offsets);
  } catch {
    return false;
  }
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split("; ")
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
}

/** A `view` cookie's value read back, or undefined when it is not one. */
export function parseView(value: string | undefined): View | undefined {
  if (!value) return undefined;
  try {
    const { locale, timeZone } = JSON.parse(decodeURIComponent(value)) as Partial<View>;
    if (typeof locale !== "string" || typeof timeZone !== "string") return undefined;
    // Both must be ones Intl knows: it throws on anything else.
    new Intl.DateTimeFormat(locale, { timeZone });
    return { locale, timeZone };
  } catch {
    return undefined;
  }
}
