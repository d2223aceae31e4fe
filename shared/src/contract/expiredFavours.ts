import { z } from "zod";
import { EXPIRED_FAVOURS_NOTICED_MAX } from "../limits.js";
import { isoDate } from "./common.js";

/** A favour bought and left unused past its use-by: it left the buyer's inventory, its spanks went back to the buyer. */
export const expiredFavour = z.object({
  /** The purchase's id (one unit). */
  id: z.int(),
  name: z.string(),
  /** The spanks that came back to the buyer (0 for a free favour). */
  price: z.int(),
  expired_at: isoDate,
  /** The login names of who bought it and who would have done it. */
  buyer: z.string(),
  seller: z.string(),
  /** Whether the signed-in partner has been told (the toast on their next visit). */
  noticed: z.boolean(),
});
export type ExpiredFavour = z.infer<typeof expiredFavour>;

/** GET /api/expired-favours: the signed-in partner's favours (bought or sold) that expired lately, newest first. */
export const expiredFavoursReply = z.object({ expired: z.array(expiredFavour) });
export type ExpiredFavoursReply = z.infer<typeof expiredFavoursReply>;

/** POST /api/expired-favours/noticed: the expired favours the signed-in partner has now been told about. */
export const expiredFavoursNoticedBody = z.object({
  purchase_ids: z.array(z.int().positive()).min(1).max(EXPIRED_FAVOURS_NOTICED_MAX),
});
export type ExpiredFavoursNoticedBody = z.infer<typeof expiredFavoursNoticedBody>;

export const expiredFavoursNoticedReply = z.object({ noticed: z.int() });
