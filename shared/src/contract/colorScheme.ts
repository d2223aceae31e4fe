import { z } from "zod";
import { COLOR_SCHEMES } from "../limits.js";

export const colorSchemeSetting = z.enum(COLOR_SCHEMES);

/** `PUT /api/color-scheme`: the signed-in partner's own colours, kept for them on every device. */
export const colorSchemeBody = z.strictObject({ colorScheme: colorSchemeSetting });
export type ColorSchemeBody = z.infer<typeof colorSchemeBody>;
export const colorSchemeReply = z.object({ colorScheme: colorSchemeSetting });
