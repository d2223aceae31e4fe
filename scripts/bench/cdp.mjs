// Chromium driven over the DevTools protocol alone, for the warm return: Playwright instruments
// every page it knows (its own script world, the runtime's context events), work a partner's
// phone never does, which the bench then measured as the page's. This client enables only what
// each call needs. Node's own WebSocket; the protocol's messages as documented at
// https://chromedevtools.github.io/devtools-protocol/.
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_FLAGS } from "../chromium.mjs";

/** Launches Chromium headless (chrome-launcher, as Lighthouse's runs); resolves to a connected browser. */
export async function launchChromium(executablePath) {
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const { webSocketDebuggerUrl: url } = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map();
  const listeners = new Set();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.id !== undefined) {
      const call = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
      else call?.resolve(message.result);
    } else {
      for (const listener of listeners) listener(message);
    }
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  return {
    send,
    /** Calls `listener(message)` for every event; returns a function that stops it. */
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A new browser context: a fresh profile, as a phone that never visited. */
    async newContext() {
      const { browserContextId } = await send("Target.createBrowserContext", { disposeOnDetach: true });
      return {
        id: browserContextId,
        /** A new tab in this context, attached: `send` there, `close` it. */
        async newTab() {
          const { targetId } = await send("Target.createTarget", { url: "about:blank", browserContextId });
          const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
          return {
            sessionId,
            send: (method, params) => send(method, params, sessionId),
            close: () => send("Target.closeTarget", { targetId }),
          };
        },
        close: () => send("Target.disposeBrowserContext", { browserContextId }),
      };
    },
    async close() {
      await send("Browser.close").catch(() => undefined);
      socket.close();
      chrome.kill();
    },
  };
}
