/** A port the OS says is free right now on 127.0.0.1. */
export function freePort(): Promise<number>;
/** The same, for code that cannot wait (a config file loaded synchronously): asks a child process. */
export function freePortSync(): number;
