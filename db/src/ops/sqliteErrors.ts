/**
 * The SQLite result code behind an error (`SQLITE_CONSTRAINT_CHECK`, `SQLITE_BUSY`...), looking
 * through drizzle's `DrizzleQueryError`, which wraps better-sqlite3's `SqliteError` as its cause.
 */
export function sqliteErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE_")) return code;
    current = current.cause;
  }
  return undefined;
}

/** Why nothing can be written: the disk is full (SQLITE_FULL, ENOSPC) or read-only, else undefined. */
export function diskProblem(error: unknown): "full" | "read-only" | undefined {
  const code = sqliteErrorCode(error) ?? (error as { code?: unknown } | undefined)?.code;
  if (code === "SQLITE_FULL" || code === "ENOSPC") return "full";
  if (code === "EROFS" || (typeof code === "string" && code.startsWith("SQLITE_READONLY"))) return "read-only";
  return undefined;
}
