// Chromium driven over the DevTools protocol alone, for the warm return: Playwright instruments
// every page it knows (its own script world, the runtime's context events), work a partner's
// phone never does, which the bench then measured as the page's. This client enables only what
// each call needs. Node's own WebSocket; the protocol's messages as documented at
// https://chromedevtools.github.io/devtools-protocol/.
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_FLAGS } from "../chromium.mjs";

const CALL_TIMEOUT_MS = 60_000;

/** Launches Chromium headless (chrome-launcher, as Lighthouse's runs); resolves to a connected browser. */
export async function launchChromium(executablePath, flags = []) {
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: ["--headless=new", ...flags, ...CHROMIUM_FLAGS],
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
  // A browser gone (crashed, closed) fails every call waiting for it rather than hanging the bench.
  socket.addEventListener("close", () => {
    for (const call of waiting.values()) call.reject(new Error(`${call.method}: the browser closed`));
    waiting.clear();
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      // No answer within a minute (a page that never settles a promise): the call fails.
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`${method}: no answer within ${CALL_TIMEOUT_MS} ms`));
      }, CALL_TIMEOUT_MS);
      const settle = (then) => (value) => {
        clearTimeout(timer);
        then(value);
      };
      waiting.set(id, { resolve: settle(resolve), reject: settle(reject), method });
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
