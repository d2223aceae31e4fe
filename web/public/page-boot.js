// Starts the app on a page the server rendered (server/src/plugins/pageRender.ts puts this script in
// place of index.html's module script). It runs once the page's styles have loaded, and waits for
// the page's first paint to be on screen before asking for the scripts: on a phone's thin connection
// the page and its styles get the bandwidth first. It imports the main bundle, which hydrates the
// page (main.tsx), and preloads the page's chunks beside it. The Intl data loads meanwhile, in a
// worker (intl-warm.js).
(() => {
  new Worker("/intl-warm.js");
  const [main, ...chunks] = JSON.parse(document.getElementById("page-code").textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import(main);
    // Each link in a task of its own: inserting one took 0.2-20 ms of this machine's CPU, and all
    // of them at once was one of the page's long tasks on a phone.
    for (const href of chunks) {
      setTimeout(() => {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.append(link);
      }, 0);
    }
  };
  // Once the browser has put the page's first paint on screen: a frame's paint can reach the screen
  // well after its tasks ran, and the scripts' long tasks started before it held the paint back
  // (FCP 1.1 -> 1.8 s on Lighthouse's slow phone). Without paint timing, after the next frame.
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // A hidden tab paints nothing: a timer starts it there.
  setTimeout(start, 1000);
})();
