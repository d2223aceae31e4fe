import type { SessionReply } from "@spankbank/shared/contract/auth";
import { drawerPages } from "@spankbank/shared/pages";
import type { QueryClient } from "@tanstack/react-query";
import { sessionQueryOptions } from "@/features/session/api/getSession";
import { keepingAllowed } from "@/lib/otherTabs";
import { partnerOf } from "@/lib/partner";
import { whenIdle } from "@/lib/whenIdle";
import type { AppRouter } from "./router";

/**
 * The page as this device last showed it, kept so a return paints it before any script has run.
 *
 * The app keeps each page's markup (its #root, field values left out) in the `spankbank-pages`
 * cache whenever the page has settled, and when the tab is hidden. The service worker writes that
 * markup into the shell it answers the page's next navigation with (sw.template.js), together with
 * the stylesheets it used and a plain menu, and web/first-paint/snapshot.js makes its menu and taps work until the
 * app is live. The app's first render replaces the markup; `handOverPageSnapshot` then carries over
 * what was done on it meanwhile (the menu opened, a button tapped). Sign-out, or a partner signing
 * in, forgets every kept page with the kept data.
 */
const PAGE_SNAPSHOTS = "spankbank-pages";

/** The key a page is kept under: its path (without a trailing slash) and query. */
const snapshotKey = (pathname: string, search: string) =>
  `/__page${pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname}${search}`;

/** What web/first-paint/snapshot.js noted on the kept page before the app was live (see its header). */
interface SnapshotTap {
  label: string;
  index: number;
  item: string | null;
}
declare global {
  interface Window {
    snapshotTap?: SnapshotTap;
  }
}

/** A page's kept copy, as the service worker reads it. */
interface PageSnapshot {
  /** The app's main script: a copy kept by another build is never shown. */
  script: string;
  /** The stylesheets the page used, as `<link>` tags, for the head. */
  styles: string;
  /** The page, #root's markup. */
  root: string;
  /** The menu's pages as a plain dialog (signed in), shown by web/first-paint/snapshot.js until the app is live. */
  menu: string;
  /** When it was kept (ms): past KEPT_CACHE_MAX_AGE_MS, as the kept data, it is never shown. */
  keptAt: number;
}

/** Keeps each page once it has settled, and when the tab is hidden (a phone may never come back to it). */
export function keepPageSnapshots(router: AppRouter, queryClient: QueryClient): void {
  if (!("caches" in window)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keepSoon = (tries = KEEP_TRIES) => {
    clearTimeout(timer);
    // After the page's data and its render have settled, in a moment the phone is idle; a page
    // not settled yet is tried again a little later.
    const tryToKeep = () => {
      if (!keepPage(router, queryClient) && tries > 1) keepSoon(tries - 1);
    };
    timer = setTimeout(() => whenIdle(tryToKeep, 2_000), 500);
  };
  router.subscribe("onResolved", () => keepSoon());
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success") keepSoon();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepPage(router, queryClient);
  });
  // The first page: its data may all have come before this was called, with no event to follow.
  keepSoon();
}

/** How many times a page that has not settled is tried again before waiting for its next event. */
const KEEP_TRIES = 10;

/** Keeps the page as shown, if it has settled; false if it has not. */
function keepPage(router: AppRouter, queryClient: QueryClient): boolean {
  const root = document.getElementById("root");
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  // A page still loading or reading, or one shown over a kept copy not yet replaced, is not kept;
  // nor anything once another tab signed out or signed another partner in.
  if (!keepingAllowed()) return true;
  if (!root || !script || router.state.status !== "idle" || queryClient.isFetching() > 0) return false;
  if (root.hasAttribute("data-snapshot") || root.querySelector(".first-load")) return false;
  const snapshot: PageSnapshot = {
    script: new URL(script.src).pathname,
    styles: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .map((link) => link.outerHTML)
      .join(""),
    root: withoutValues(root),
    menu: menuOf(queryClient.getQueryData(sessionQueryOptions.queryKey) ?? undefined),
    keptAt: Date.now(),
  };
  const { pathname, search } = window.location;
  void caches
    .open(PAGE_SNAPSHOTS)
    .then((cache) =>
      cache.put(
        snapshotKey(pathname, search),
        new Response(JSON.stringify(snapshot), { headers: { "content-type": "application/json" } }),
      ),
    )
    .catch(() => undefined);
  return true;
}

/** #root's markup with no field's value: drafts are kept on their own, and a password never leaves its field. */
function withoutValues(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const input of copy.querySelectorAll("input")) input.removeAttribute("value");
  for (const area of copy.querySelectorAll("textarea")) area.textContent = "";
  return copy.innerHTML;
}

/** The drawer's pages as links in a dialog: what the menu offers before the app is live. */
function menuOf(signedIn: SessionReply | undefined): string {
  if (!signedIn) return "";
  const names = { partnerName: partnerOf(signedIn).displayName, charityName: signedIn.couple.charityName };
  const dialog = document.createElement("dialog");
  dialog.id = "snapshot-menu";
  dialog.className = "snapshot-menu";
  dialog.setAttribute("aria-label", "Menu");
  // The dialog's own box is the backdrop's edge: a tap on it, outside this, closes the menu.
  const box = dialog.appendChild(document.createElement("div"));
  const close = box.appendChild(document.createElement("button"));
  close.type = "button";
  close.className = "snapshot-menu-close";
  close.setAttribute("aria-label", "Close menu");
  close.textContent = "×";
  const title = box.appendChild(document.createElement("p"));
  title.className = "snapshot-menu-title";
  title.textContent = "Menu";
  const nav = box.appendChild(document.createElement("nav"));
  nav.setAttribute("aria-label", "Pages");
  for (const page of drawerPages) {
    const link = nav.appendChild(document.createElement("a"));
    link.href = page.path;
    link.textContent = page.menuLabel(names);
  }
  return dialog.outerHTML;
}

/** Forgets every kept page: on sign-out, and when a partner signs in. */
export function forgetPageSnapshots(): Promise<void> {
  if (!("caches" in window)) return Promise.resolve();
  return caches.delete(PAGE_SNAPSHOTS).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Once the app's first render has replaced the kept copy of the page in `root`: the plain menu, if
 * it was opened, gives way to the app's own, and a button tapped on the copy is tapped on the app's
 * page, when that button is there with the same text in the same item (never a guess). `then`
 * runs once the copy is replaced.
 */
export function handOverPageSnapshot(root: HTMLElement, then: () => void): void {
  if (!root.hasAttribute("data-snapshot")) return;
  const kept = root.firstElementChild;
  const handOver = () => {
    then();
    root.removeAttribute("data-snapshot");
    const menu = document.getElementById("snapshot-menu") as HTMLDialogElement | null;
    const menuWasOpen = menu?.open === true;
    menu?.close();
    menu?.remove();
    if (menuWasOpen) root.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]')?.click();
    const tap = window.snapshotTap;
    window.snapshotTap = undefined;
    if (tap && !menuWasOpen) buttonFor(root, tap)?.click();
  };
  if (!kept?.isConnected) {
    handOver();
    return;
  }
  const replaced = new MutationObserver(() => {
    if (kept.isConnected) return;
    replaced.disconnect();
    handOver();
  });
  replaced.observe(root, { childList: true });
}

/** The button web/first-paint/snapshot.js describes, on the live page, if the same one is there. */
function buttonFor(root: HTMLElement, tap: SnapshotTap): HTMLButtonElement | undefined {
  const same = [...root.querySelectorAll<HTMLButtonElement>("button")].filter(
    (button) => labelOf(button) === tap.label,
  );
  const button = same[tap.index];
  return button && itemOf(button) === tap.item && !button.disabled ? button : undefined;
}

// The same rules as web/first-paint/snapshot.js's, which notes the tap.
const labelOf = (button: HTMLElement) => (button.getAttribute("aria-label") ?? button.textContent ?? "").trim();
const itemOf = (button: HTMLElement) => button.closest("article, li, [data-item]")?.textContent?.trim() ?? null;
