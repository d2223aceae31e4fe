// The one way the tests, e2e and the bench find a port to listen on (plain JS: the .mjs bench
// scripts and the TypeScript tests both load it as it is).
import { createServer } from "node:net";

/** A port the OS says is free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
