/**
 * zod's `locales`, English only, for the browser's build (vite.config.ts puts this module in place of
 * zod's own list): zod's namespace carries every language's messages, most of the zod chunk a
 * phone parses, and the app shows zod's messages in English only.
 */
export { default as en } from "zod/v4/locales/en.js";
