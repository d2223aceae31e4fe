// Runs shell commands side by side and fails when any of them fails, once all have finished, so
// every failure is in the log. `npm test` runs the unit suites beside the browser tests: each
// spends much of its time waiting on its own servers and browsers, and together they keep both
// cores busy.
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);

/** Runs one command, its output straight to ours; resolves to its exit code. */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(commands.map(run));
for (const [i, command] of commands.entries()) {
  console.log(`${codes[i] === 0 ? "passed" : `FAILED (exit ${codes[i]})`}: ${command}`);
}
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
