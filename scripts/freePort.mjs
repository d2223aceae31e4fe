// The one way the tests, e2e and the bench find a port to listen on (plain JS: the .mjs bench
// scripts, the TypeScript tests and the synchronous Playwright config all load it as it is).
import { execFileSync } from "node:child_process";
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

/** The same, for code that cannot wait (a config file loaded synchronously): asks a child process. */
export function freePortSync() {
  const script = `import(${JSON.stringify(import.meta.url)}).then(async (m) => process.stdout.write(String(await m.freePort())))`;
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}
