import { processRuntime, type Runtime, StartupError } from "@spankbank/shared/runtime";

/** This script's runtime: a config that cannot be read stops it with its message, not a stack trace. */
export function scriptRuntime(): Runtime {
  try {
    return processRuntime();
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
