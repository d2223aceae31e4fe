import { createInterface } from "node:readline/promises";

/** Asks one question on the terminal and returns the trimmed answer (or the default). */
export async function ask(question: string, fallback?: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await rl.question(fallback ? `${question} [${fallback}]: ` : `${question}: `)).trim();
    return answer || fallback || "";
  } finally {
    rl.close();
  }
}

/** Reads a secret without echoing it: raw mode on a terminal, a plain line from a pipe. */
export function askHidden(question: string): Promise<string> {
  process.stdout.write(`${question}: `);
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return new Promise((resolve) => {
      const rl = createInterface({ input: stdin });
      rl.once("line", (line) => {
        rl.close();
        process.stdout.write("\n");
        resolve(line);
      });
    });
  }
  return new Promise((resolve, reject) => {
    let secret = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(secret);
          return;
        }
        if (char === "\u0003") {
          stdin.setRawMode(false);
          reject(new Error("cancelled"));
          return;
        }
        secret = char === "\u007f" ? secret.slice(0, -1) : secret + char;
      }
    };
    stdin.on("data", onData);
  });
}

/** Asks for a new password twice until both match and it is long enough. */
export async function askNewPassword(who: string): Promise<string> {
  for (;;) {
    const first = await askHidden(`Password for ${who} (at least 10 characters)`);
    if (first.length < 10) {
      console.log("Too short: use at least 10 characters.");
      continue;
    }
    const second = await askHidden("Same password again");
    if (first === second) return first;
    console.log("The two passwords differ; try again.");
  }
}
