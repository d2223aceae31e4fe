import { useLocalStorage } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryOptions } from "@/features/session/api/getSession";

const PREFIX = "spankbank:draft:";

/** What is kept: the words, and which saved version they were written over. */
interface Kept<T> {
  over: string;
  value: T;
}

/**
 * A form's words not saved yet, kept on this device as they are typed (localStorage, written at
 * once), so a reload, a phone closing the tab in the background or an expired session loses none.
 * `saved` is what the server holds and `savedAt` names that version. Words typed over an older
 * version (it was saved since, on another device) still show, never hidden by the newer one:
 * `savedElsewhere` says so, and the form offers the saved version instead (`forget`). Each
 * partner's drafts are their own; signing out forgets theirs (`forgetDrafts`).
 */
export function useDraft<T>(name: string, saved: T, savedAt: string) {
  const { data: session } = useQuery(sessionQueryOptions);
  const keyOf = (draftName: string) => `${PREFIX}${session?.user.username ?? ""}:${draftName}`;
  // No default: nothing is kept until something is typed, and the saved words show.
  const [kept, keep, forget] = useLocalStorage<Kept<T> | undefined>({
    key: keyOf(name),
    defaultValue: undefined,
    // Read before the first render: the words are in the field from the start, and what is typed
    // before the app is live goes after them.
    getInitialValueInEffect: false,
  });
  const value = kept === undefined ? saved : kept.value;
  const unsaved = JSON.stringify(value) !== JSON.stringify(saved);
  // Words that read as saved again (typed back, or these very words saved elsewhere) are nothing to
  // keep: signing out would otherwise ask about them (unsavedWordsOf).
  useEffect(() => {
    if (kept !== undefined && !unsaved) forget();
  }, [kept, unsaved, forget]);
  return {
    value,
    /** The words differ from what is saved: they are on this device only. */
    unsaved,
    /** Another version was saved since these words were typed over theirs (on another device). */
    savedElsewhere: unsaved && kept !== undefined && kept.over !== savedAt,
    // The words stay based on the version they were first typed over, until saved or given up.
    set: (next: T) => keep({ over: kept?.over ?? savedAt, value: next }),
    /** Once saved, or given up: the saved words are the truth again. */
    forget,
    /**
     * The words `sent` were saved as version `nowSavedAt`: forgotten if they are still the words
     * here (true). Words typed while they were on their way stay (false), typed over that version,
     * not another device's: the partner who goes on writing during a slow save loses none of it.
     */
    saved: (sent: T, nowSavedAt: string): boolean => {
      const here = keptUnder<T>(keyOf(name));
      if (here === undefined || JSON.stringify(here.value) === JSON.stringify(sent)) {
        forget();
        return true;
      }
      keep({ over: nowSavedAt, value: here.value });
      return false;
    },
    /**
     * The words kept here, as they are now, go on as another form's draft (`otherName`, typed over
     * its version `otherSavedAt`), and are forgotten here. False, and kept here, when this device
     * could not store them there.
     */
    moveTo: (otherName: string, otherSavedAt: string): boolean => {
      try {
        const here = localStorage.getItem(keyOf(name));
        if (here !== null) {
          const moved: Kept<T> = { over: otherSavedAt, value: (JSON.parse(here) as Kept<T>).value };
          localStorage.setItem(keyOf(otherName), JSON.stringify(moved));
        }
      } catch {
        return false;
      }
      forget();
      return true;
    },
  };
}

/** What is kept under `key` as it is now (the form's own state may be older: a write answered later). */
function keptUnder<T>(key: string): Kept<T> | undefined {
  try {
    const here = localStorage.getItem(key);
    return here === null ? undefined : (JSON.parse(here) as Kept<T>);
  } catch {
    return undefined;
  }
}

/**
 * Forgets the partner's draft `name` if its words are the ones `sent`: for a write answered after its
 * form has gone (TanStack Query runs no per-call callback of a form that unmounted). Words changed
 * since stay.
 */
export function forgetSentDraft<T>(username: string, name: string, sent: (value: T) => boolean): void {
  const key = `${PREFIX}${username}:${name}`;
  const here = keptUnder<T>(key);
  if (here === undefined || !sent(here.value)) return;
  try {
    localStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}

/** What each form's words are, one and several, by the draft's name up to its first ':'. */
const DRAFT_WORDS: Record<string, [string, string]> = {
  "christmas-letter": ["your Christmas letter", "your Christmas letter"],
  "later-letter": ["a letter for later", "letters for later"],
  answer: ["an answer", "answers"],
};

/**
 * The partner's words kept on this device and not saved yet, as a sentence ("Your Christmas letter
 * and an answer are not saved yet..."), or null when there are none: what signing out would delete.
 */
export function unsavedWordsOf(username: string): string | null {
  const counts = new Map<string, number>();
  try {
    const mine = `${PREFIX}${username}:`;
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(mine)) continue;
      const kind = key.slice(mine.length).split(":")[0]!;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  } catch {
    // No storage: nothing was kept.
  }
  if (counts.size === 0) return null;
  const words = [...counts].map(
    ([kind, n]) => (DRAFT_WORDS[kind] ?? ["a form's words", "forms' words"])[n > 1 ? 1 : 0],
  );
  const list = new Intl.ListFormat("en", { type: "conjunction" }).format(words);
  const one = counts.size === 1 && [...counts.values()][0] === 1;
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} ${one ? "is" : "are"} not saved yet: kept on this device only, signing out deletes ${one ? "it" : "them"}.`;
}

/**
 * Forgets the partner's unsaved words on this device: at their sign-out. The other partner's stay
 * (their session ended here without a sign-out: their words wait for them, shown to no one else).
 */
export function forgetDrafts(username: string): void {
  try {
    const mine = `${PREFIX}${username}:`;
    for (const key of Object.keys(localStorage)) if (key.startsWith(mine)) localStorage.removeItem(key);
  } catch {
    // No storage (a private window that blocks it): nothing was kept.
  }
}
