/** DESIGN.md section 6: the system Chromium, never a downloaded one. */
export const CHROMIUM: string;
/** The same Debian build's old headless shell, for the browser tests. */
export const CHROMIUM_HEADLESS_SHELL: string;
/** Flags for a headless run on a server: no sandbox or GPU, nothing fetched or synced in the background. */
export const CHROMIUM_FLAGS: string[];
