/**
 * zod's `locales`, English only, for the browser's build (vite.config.ts puts this module in place of
 * zod's own list): zod's namespace carries every language's messages, 250 KB of the 380 KB zod
 * chunk a phone parsed for the story page, and the app shows zod's messages in English only.
 */
export { default as en } from "zod/v4/locales/en.js";
