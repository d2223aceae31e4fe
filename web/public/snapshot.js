// The kept copy of a page (src/app/pageSnapshot.ts), until the app is live: the service worker puts
// this script after it. A plain script, a few lines: it runs as soon as the page is parsed, long
// before the app's bundle, so the menu opens at once and no tap or form is lost meanwhile.
// - The menu button opens the plain menu (a <dialog> of the pages' links, which simply load them).
// - Any other button tapped is noted (its text, which of the buttons with that text, and the text
//   of the item it sits in); the app taps the same button once live, if it is still the same one.
// - A form is never sent by the browser itself: it would put its fields in the address.
(() => {
  const root = document.getElementById("root");
  const menu = document.getElementById("snapshot-menu");
  if (!root?.hasAttribute("data-snapshot")) return;
  const kept = () => root.hasAttribute("data-snapshot");
  // The same rules as pageSnapshot.ts's, which taps it again.
  const labelOf = (button) => (button.getAttribute("aria-label") ?? button.textContent ?? "").trim();
  const itemOf = (button) => button.closest("article, li, [data-item]")?.textContent?.trim() ?? null;
  const note = (button) => {
    const label = labelOf(button);
    const same = [...root.querySelectorAll("button")].filter((other) => labelOf(other) === label);
    window.snapshotTap = { label, index: same.indexOf(button), item: itemOf(button) };
  };

  root.addEventListener("click", (event) => {
    if (!kept()) return;
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    event.preventDefault();
    if (menu && button.getAttribute("aria-label") === "Open menu") menu.showModal();
    else note(button);
  });
  root.addEventListener("submit", (event) => {
    if (!kept()) return;
    event.preventDefault();
    if (event.submitter) note(event.submitter);
  });
  menu?.addEventListener("click", (event) => {
    // The close button, or a tap on the backdrop (the dialog itself, outside its box of links).
    const target = event.target;
    if (target === menu || (target instanceof Element && target.closest(".snapshot-menu-close"))) menu.close();
  });
})();
