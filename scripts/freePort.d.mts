/** A port the OS says is free right now on 127.0.0.1. */
export function freePort(): Promise<number>;
