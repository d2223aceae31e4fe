import { z } from "zod";
import { isoDate } from "./common.js";

/** A favour of the signed-in partner's that the other partner redeemed and has not confirmed yet. */
export const owedFavour = z.object({
  /** The redeemed item's id. */
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** Spanks waiting in escrow: paid to the seller when the buyer confirms. */
  price: z.int(),
  redeemed_at: isoDate,
  /** The buyer's login name. */
  username: z.string(),
  /** What the buyer wrote with it, and when they would like it. */
  note: z.string().nullable(),
  wished_at: isoDate.nullable(),
});
export type OwedFavour = z.infer<typeof owedFavour>;

export const owedReply = z.object({
  owed: z.array(owedFavour),
  /** The sum of the prices above. */
  escrowTotal: z.int(),
});
export type OwedReply = z.infer<typeof owedReply>;
