/** Hashed asset names change with their content, so a browser may keep them for a year. */
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html names the current build's assets: the browser asks again every time (an ETag answers 304). */
export const CACHE_REVALIDATE = "no-cache";
