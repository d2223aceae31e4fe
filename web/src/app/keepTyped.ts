type Field = HTMLInputElement | HTMLTextAreaElement;

/** The fields a person types into. */
const TYPED_INTO = [
  "input:not([type])",
  "textarea",
  ...["text", "search", "email", "password", "number", "tel", "url"].map((type) => `input[type="${type}"]`),
].join(", ");

/** A field's name, else its accessible label: the same on the page shown first and on the app's. */
const keyOf = (field: Field) =>
  field.name || field.getAttribute("aria-label") || field.labels?.[0]?.textContent?.trim() || "";

/**
 * What the app's field holds once the text typed into the first page's is carried over, or null to
 * leave it. A kept copy shows every field empty (pageSnapshot.ts keeps no value), so the partner
 * typed into what looked empty: a text area the app fills (the letter's saved draft) keeps its text
 * with the typed text after it, and any other field holds what was typed (a default such as a
 * reward of 10 is not run into a typed 20).
 */
function carried(old: Field, field: Field): string | null {
  if (old.value === "" || field.value === old.value) return null;
  if (field instanceof HTMLTextAreaElement && field.value !== "") return `${field.value}${old.value}`;
  return old.value;
}

/**
 * / and /signin come prerendered at build, and a return paints the page's kept copy
 * (pageSnapshot.ts): both take typing before the app is live, and the app's first render then
 * replaces their elements. What was typed into a field, and the focus, move to the app's field of
 * the same name (or label) the moment the old one is replaced, before the next keystroke.
 */
export function keepTypedThroughFirstRender(root: HTMLElement): void {
  const fields = new Map<string, Field>();
  for (const field of root.querySelectorAll<Field>(TYPED_INTO)) {
    const key = keyOf(field);
    // Two fields of one name could not be told apart in the app's page: neither is carried.
    if (key !== "" && !fields.has(key)) fields.set(key, field);
  }
  if (fields.size === 0) return;
  let focused: string | undefined;
  const noteFocus = (target: Element | null) => {
    focused = target && fields.get(keyOf(target as Field)) === target ? keyOf(target as Field) : undefined;
  };
  // A field may have been tapped before the app got here.
  noteFocus(document.activeElement);
  const onFocus = (event: FocusEvent) => noteFocus(event.target as Element);
  root.addEventListener("focusin", onFocus);
  const moved = new MutationObserver(() => {
    if ([...fields.values()].some((field) => field.isConnected)) return;
    moved.disconnect();
    root.removeEventListener("focusin", onFocus);
    const now = [...root.querySelectorAll<Field>(TYPED_INTO)];
    for (const [name, old] of fields) {
      const field = now.find((candidate) => keyOf(candidate) === name);
      if (!field) continue;
      const typed = carried(old, field);
      if (typed !== null) {
        // Through the element's own setter and an input event, so a controlled field's state follows.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
      if (name === focused && document.activeElement === document.body) field.focus();
    }
  });
  moved.observe(root, { childList: true, subtree: true });
}
