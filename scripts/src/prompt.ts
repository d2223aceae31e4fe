import { createInterface, type Interface } from "node:readline";

interface LineSource {
  rl: Interface & { muted?: boolean; _writeToOutput?: (text: string) => void };
  lines: string[];
  waiting: ((line: string | undefined) => void)[];
  ended: boolean;
}

let shared: LineSource | undefined;

/**
 * One readline for the whole run, with a queue: piped input arrives all at once, and lines that
 * come before their question is asked must wait for it, not be dropped.
 */
function source(): LineSource {
  if (shared) return shared;
  const rl: LineSource["rl"] = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY === true,
  });
  // Echo is muted while a secret is typed.
  rl._writeToOutput = (text: string) => {
    if (!rl.muted) process.stdout.write(text);
  };
  const created: LineSource = { rl, lines: [], waiting: [], ended: false };
  rl.on("line", (line) => {
    const next = created.waiting.shift();
    if (next) next(line);
    else created.lines.push(line);
  });
  rl.on("close", () => {
    created.ended = true;
    for (const next of created.waiting.splice(0)) next(undefined);
  });
  shared = created;
  return created;
}

function nextLine(): Promise<string> {
  const lines = source();
  const queued = lines.lines.shift();
  if (queued !== undefined) return Promise.resolve(queued);
  if (lines.ended) return Promise.reject(new Error("No more input."));
  return new Promise((resolve, reject) => {
    lines.waiting.push((line) => (line === undefined ? reject(new Error("No more input.")) : resolve(line)));
  });
}

/** Call once the questions are over, so the process can exit. */
export function closePrompts(): void {
  shared?.rl.close();
  shared = undefined;
}

/** What is wrong with an answer, in words, or undefined when it will do. */
export type Check = (answer: string) => string | undefined;

/**
 * Asks one question and returns the trimmed answer (or the default); with a check, asks again
 * until the answer passes it, saying what was wrong.
 */
export async function ask(question: string, fallback?: string, check?: Check): Promise<string> {
  source();
  for (;;) {
    process.stdout.write(fallback ? `${question} [${fallback}]: ` : `${question}: `);
    const answer = (await nextLine()).trim() || fallback || "";
    const problem = check?.(answer);
    if (problem === undefined) return answer;
    console.log(`  ${answer || "(blank)"}: ${problem}. Try again.`);
  }
}

/** Reads a secret without echoing it. */
export async function askHidden(question: string): Promise<string> {
  const { rl } = source();
  process.stdout.write(`${question}: `);
  rl.muted = true;
  try {
    return await nextLine();
  } finally {
    rl.muted = false;
    process.stdout.write("\n");
  }
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
