import { z } from "zod";

/**
 * zod in the browser, told to interpret its parsers: by default it first probes for `new Function`
 * to compile them, which the page's Content Security Policy forbids, and the probe alone reports a
 * violation (in the console, and in Lighthouse's best practices). Whatever parses in the browser
 * imports zod from here, or loads this module before parsing.
 */
z.config({ jitless: true });

export { z };
