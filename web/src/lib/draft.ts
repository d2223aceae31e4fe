import { useLocalStorage } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
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
 * partner's drafts are their own; signing out forgets them all (`forgetDrafts`).
 */
export function useDraft<T>(name: string, saved: T, savedAt: string) {
  const { data: session } = useQuery(sessionQueryOptions);
  // No default: nothing is kept until something is typed, and the saved words show.
  const [kept, keep, forget] = useLocalStorage<Kept<T> | undefined>({
    key: `${PREFIX}${session?.user.username ?? ""}:${name}`,
    defaultValue: undefined,
    // Read before the first render: the words are in the field from the start, and what is typed
    // before the app is live goes after them.
    getInitialValueInEffect: false,
  });
  const value = kept === undefined ? saved : kept.value;
  const unsaved = JSON.stringify(value) !== JSON.stringify(saved);
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
  };
}

/** Forgets every partner's unsaved words on this device: at sign-out. */
export function forgetDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // No storage (a private window that blocks it): nothing was kept.
  }
}
