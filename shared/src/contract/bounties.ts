import { z } from "zod";
import { BOUNTY_NOTE_MAX, BOUNTY_REWARD_MAX, BOUNTY_TITLE_MAX, MEDIA_MAX_BYTES, PHOTO_BASE64_MAX } from "../limits.js";
import { isoDate, text } from "./common.js";
import { visitDate } from "./visits.js";

/** Where a bounty stands: open to claim, claimed, done (awaiting the poster), approved (paid) or refunded. */
export const BOUNTY_STATUSES = ["open", "claimed", "done", "approved", "refunded"] as const;
export type BountyStatus = (typeof BOUNTY_STATUSES)[number];

/** `POST /api/bounties`: a task for the other partner, its reward held in escrow at once. */
export const bountyBody = z.strictObject({
  title: text(BOUNTY_TITLE_MAX),
  reward: z.int().min(1).max(BOUNTY_REWARD_MAX),
  /** The last day to do it, on the poster's calendar (absent or null: no deadline). */
  due_date: visitDate.nullable().optional(),
});
export type BountyBody = z.input<typeof bountyBody>;

/**
 * `POST /api/bounties/{id}/done`: what the doer says about it, and optionally a photo of it done
 * (png, jpeg, gif or webp, base64, at most MEDIA_MAX_BYTES; the server checks the bytes).
 */
export const bountyDoneBody = z.strictObject({
  note: text(BOUNTY_NOTE_MAX, { multiline: true }),
  photo: z
    .string()
    .max(PHOTO_BASE64_MAX, `must be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB`)
    .base64("must be the image's bytes in base64")
    .optional(),
});
export type BountyDoneBody = z.input<typeof bountyDoneBody>;

/** `POST /api/bounties/{id}/send-back`: why it is not done yet. */
export const bountySendBackBody = z.strictObject({ reason: text(BOUNTY_NOTE_MAX) });
export type BountySendBackBody = z.input<typeof bountySendBackBody>;

/**
 * `POST /api/bounties/{id}/approve?done_at=`: the `done_at` of the bounty as the poster's page showed
 * it. One sent back and done again since is refused (409), not paid for work not seen. Left out (an
 * older page), it is approved as before.
 */
export const bountyApproveQuery = z.object({ done_at: isoDate.optional() });

/**
 * `POST /api/bounties/{id}/send-back?done_at=`: the same for a send-back: a done the poster's page
 * never showed is not sent back (409).
 */
export const bountySendBackQuery = bountyApproveQuery;

export const bounty = z.object({
  id: z.int(),
  title: z.string(),
  reward: z.int(),
  status: z.enum(BOUNTY_STATUSES),
  /** Login names: who posted it, and who claimed it (null while open). */
  poster: z.string(),
  doer: z.string().nullable(),
  /** The last day, on the poster's calendar, and the instant it ends (expiry refunds after it). */
  due_date: z.string().nullable(),
  due_at: isoDate.nullable(),
  done_note: z.string().nullable(),
  /** `/api/bounties/{id}/photo` when the doer sent a photo of it done (to a signed-in partner only). */
  done_photo: z.string().nullable(),
  /** Why the poster last sent it back (kept until it is done again). */
  sent_back_reason: z.string().nullable(),
  /** When it was last marked done (null before): sent back as `done_at` when approving. */
  done_at: isoDate.nullable(),
  created_at: isoDate,
  settled_at: isoDate.nullable(),
});
export type Bounty = z.infer<typeof bounty>;

/** `GET /api/bounties`: the unsettled ones first, then the latest settled. */
export const bountiesReply = z.object({ bounties: z.array(bounty) });
export type BountiesReply = z.infer<typeof bountiesReply>;

/** Every bounty route answers with the bounty as it now stands. */
export const bountyReply = z.object({ bounty });
export type BountyReply = z.infer<typeof bountyReply>;
