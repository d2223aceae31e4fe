// The kept copy of a page (src/app/pageSnapshot.ts), until the app is live: the service worker writes
// this script into the head of a page it answers with a kept copy (BUILD.snapshotScript, inline so
// the copy's parsing waits for no file). A plain script, a few lines: it runs before the copy is
// even parsed, so the menu opens at once and no tap or form is lost meanwhile.
// - The menu button opens the plain menu (a <dialog> of the pages' links, which simply load them).
// - Any other button tapped is noted (its text, which of the buttons with that text, and the text
//   of the item it sits in); the app taps the same button once live, if it is still the same one.
// - A form is never sent by the browser itself: it would put its fields in the address.
// It listens on the document because #root is not parsed yet; each event asks whether the copy is
// still shown, as the app takes its place (and #root loses data-snapshot) whenever it is ready.
(() => {
  // The app's script, started once the whole copy is on screen (parsed, then the next frame
  // painted): run first, its modules' evaluation (a long task on a phone) kept the copy off the
  // screen. Its modules come from the service worker's cache when it starts (not preloaded: they
  // held up the copy's first paint).
  const app = document.currentScript?.dataset.app;
  const startApp = () => {
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = app;
    document.head.append(script);
  };
  if (app)
    document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => setTimeout(startApp, 0)), {
      once: true,
    });
  const copy = () => {
    const root = document.getElementById("root");
    return root?.hasAttribute("data-snapshot") ? root : null;
  };
  // The same rules as pageSnapshot.ts's, which taps it again.
  const labelOf = (button) => (button.getAttribute("aria-label") ?? button.textContent ?? "").trim();
  const itemOf = (button) => button.closest("article, li, [data-item]")?.textContent?.trim() ?? null;
  const note = (root, button) => {
    const label = labelOf(button);
    const same = [...root.querySelectorAll("button")].filter((other) => labelOf(other) === label);
    window.snapshotTap = { label, index: same.indexOf(button), item: itemOf(button) };
  };

  document.addEventListener("click", (event) => {
    const root = copy();
    const menu = document.getElementById("snapshot-menu");
    const target = event.target instanceof Element ? event.target : null;
    if (!root || !target) return;
    if (menu?.contains(target)) {
      // The close button, or a tap on the backdrop (the dialog itself, outside its box of links).
      if (target === menu || target.closest(".snapshot-menu-close")) menu.close();
      return;
    }
    const button = root.contains(target) ? target.closest("button") : null;
    if (!button) return;
    event.preventDefault();
    if (menu && button.getAttribute("aria-label") === "Open menu") menu.showModal();
    else note(root, button);
  });
  document.addEventListener("submit", (event) => {
    const root = copy();
    if (!root?.contains(event.target)) return;
    event.preventDefault();
    if (event.submitter) note(root, event.submitter);
  });
})();
