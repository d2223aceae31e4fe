import { rmSync } from "node:fs";

/** Names the run's temporary database folder, chosen in playwright.config.ts. */
export const DATA_DIR_VARIABLE = "SPANKBANK_E2E_DATA_DIR";

/** The server's database file inside that folder. */
export const E2E_DATABASE_FILE = "e2e.db";

/** Deletes the run's temporary database folder. */
export default function globalTeardown(): void {
  const dataDir = process.env[DATA_DIR_VARIABLE];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
