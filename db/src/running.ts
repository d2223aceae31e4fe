import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Each process of the app (server, bot) leaves its pid in `data/run/` while it runs, so
 * `npm run restore` can tell the app is running and refuse to pull the file from under it.
 */
const runDirOf = (databasePath: string) => join(dirname(databasePath), "run");

/** Records this process as running on the database; the pid file goes when it exits. */
export function markRunning(databasePath: string, name: string): () => void {
  const dir = runDirOf(databasePath);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.pid`);
  writeFileSync(file, String(process.pid));
  const release = () => {
    // Only our own file: a newer process of the same name may have replaced it.
    if (existsSync(file) && readFileSync(file, "utf8") === String(process.pid)) rmSync(file, { force: true });
  };
  process.once("exit", release);
  return release;
}

/** The app's processes alive on this database (a pid file left by a crash is ignored). */
export function runningProcesses(databasePath: string): { name: string; pid: number }[] {
  const dir = runDirOf(databasePath);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".pid"))
    .map((file) => ({ name: file.slice(0, -4), pid: Number(readFileSync(join(dir, file), "utf8")) }))
    .filter(({ pid }) => Number.isInteger(pid) && pid > 0 && isAlive(pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
