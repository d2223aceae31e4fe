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
