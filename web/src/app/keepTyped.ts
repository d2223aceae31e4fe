type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * / and /signin come prerendered at build and take typing before the app is live; the app's first
 * render then replaces their elements. What was typed into a named field, and the focus, move to
 * the app's field of the same name the moment the old one is replaced, before the next keystroke.
 */
export function keepTypedThroughFirstRender(root: HTMLElement): void {
  const fields = new Map<string, Field>();
  for (const field of root.querySelectorAll<Field>("input[name], textarea[name]")) fields.set(field.name, field);
  if (fields.size === 0) return;
  let focused: string | undefined;
  const noteFocus = (event: FocusEvent) => {
    const target = event.target as Field;
    focused = fields.get(target.name) === target ? target.name : undefined;
  };
  root.addEventListener("focusin", noteFocus);
  const moved = new MutationObserver(() => {
    if ([...fields.values()].some((field) => field.isConnected)) return;
    moved.disconnect();
    root.removeEventListener("focusin", noteFocus);
    for (const [name, old] of fields) {
      const field = root.querySelector<Field>(`[name="${CSS.escape(name)}"]`);
      if (!field) continue;
      if (old.value !== "" && field.value === "") {
        // Through the element's own setter and an input event, so a controlled field's state follows.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, old.value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
      if (name === focused && document.activeElement === document.body) field.focus();
    }
  });
  moved.observe(root, { childList: true, subtree: true });
}
