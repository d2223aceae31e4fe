// Paints the page in the colours it was last shown in, before anything else: written into
// index.html's head by the build (vite.config.ts, firstPaintScripts), so the first paint (the
// prerendered / and /signin, the service worker's shell and a page's kept copy alike) is never light
// before turning dark, and waits for no file. The same choice Mantine makes once the app runs
// (App.tsx): the colours kept under this key, `auto` following the device.
(() => {
  let scheme = null;
  try {
    scheme = localStorage.getItem("spankbank-color-scheme");
  } catch {}
  if (scheme !== "light" && scheme !== "dark") {
    scheme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", scheme);
})();
