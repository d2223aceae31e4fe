import { accessSync, constants, statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { sqliteErrorCode } from "@spankbank/db/sqliteErrors";
import { StartupError } from "@spankbank/shared/runtime";
import { diskProblem } from "./plugins/errors.js";

/** Less free space than this beside the database, and a failed start is put down to a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * A start that failed on the database's disk, said in one line instead of a stack trace: full
 * (SQLite reports it as SQLITE_FULL, or as an I/O error when even its shared-memory file cannot
 * grow, hence the look at the free space) or read-only. Undefined for any other failure.
 */
export function startupDiskError(error: unknown, databasePath: string): StartupError | undefined {
  const folder = dirname(resolve(databasePath));
  const problem = diskProblem(error) ?? problemOfFolder(error, folder);
  if (problem === "full") {
    return new StartupError(`the disk holding ${databasePath} is full. Free some space on it, then start again.`);
  }
  if (problem === "read-only") {
    return new StartupError(
      `the database ${databasePath} is read-only. Make ${folder} and the files in it writable (is the disk mounted read-only?), then start again.`,
    );
  }
  return undefined;
}

function problemOfFolder(error: unknown, folder: string): "full" | "read-only" | undefined {
  const code = sqliteErrorCode(error) ?? (error as { code?: unknown } | undefined)?.code;
  if (
    typeof code !== "string" ||
    !(code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN") || code.startsWith("E"))
  ) {
    return undefined;
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return "read-only";
  }
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize < NEARLY_FULL_BYTES ? "full" : undefined;
  } catch {
    return undefined;
  }
}
