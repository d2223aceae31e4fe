import { rm } from "node:fs/promises";
import { join } from "node:path";
import {
  approveBounty,
  type Bounty,
  listBounties,
  markBountyDone,
  postBounty,
  sendBackBounty,
} from "@spankbank/db/bounties";
import { userByUsername } from "@spankbank/db/couple";
import type { StoredImage } from "@spankbank/db/media";
import {
  BOUNTY_NOTE_MAX,
  BOUNTY_REWARD_MAX,
  BOUNTY_TITLE_MAX,
  MEDIA_MAX_BYTES,
  PAYMENT_SENT_AGAIN_MS,
} from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { type Attachment, type ChatInputCommandInteraction, MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand, BotContext } from "../context.js";
import { DownloadFailure, downloadImage, refusedNote } from "../images.js";
import { discordTime, listInOneMessage } from "../post.js";
import { answerPrivately, replyDone } from "../replies.js";
import { oncePerInteraction } from "./oncePerInteraction.js";

const named = (username: string | null, { db }: BotContext) =>
  username === null ? "" : (userByUsername(db, username)?.displayName ?? username);

/** One bounty as a line of `/bounty list`: its id (for done, approve, send-back), reward and where it stands. */
function bountyLine(bounty: Bounty, context: BotContext): string {
  const due =
    bounty.dueAt && ["open", "claimed"].includes(bounty.status) ? `, due ${discordTime(bounty.dueAt, "R")}` : "";
  const from = named(bounty.posterUsername, context);
  const by = named(bounty.doerUsername, context);
  const where = {
    open: "open",
    claimed: bounty.sentBackReason ? `sent back to ${by}: ${bounty.sentBackReason}` : `claimed by ${by}`,
    done: `done by ${by}, waiting for ${from}`,
    approved: `paid to ${by}`,
    refunded: `refunded to ${from}`,
  }[bounty.status];
  return `#${bounty.id} "${bounty.title}" from ${from}: ${spanks(bounty.reward)}, ${where}${due}`;
}

/**
 * `/bounty post|list|done|approve|send-back`: a task for your partner with a reward held in
 * escrow from you at once; they say it is done, you approve (they are paid) or send it back.
 */
export const bountyCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("bounty")
    .setDescription("Post a task for your partner with a reward, or do theirs")
    .addSubcommand((s) =>
      s
        .setName("post")
        .setDescription("Post a task; its reward leaves your spanks now, held until it is done")
        .addStringOption((o) =>
          o.setName("title").setDescription("What to do").setRequired(true).setMaxLength(BOUNTY_TITLE_MAX),
        )
        .addIntegerOption((o) =>
          o.setName("reward").setDescription("Spanks").setRequired(true).setMinValue(1).setMaxValue(BOUNTY_REWARD_MAX),
        )
        .addStringOption((o) => o.setName("due").setDescription("Last day, YYYY-MM-DD").setMaxLength(10)),
    )
    .addSubcommand((s) => s.setName("list").setDescription("The bounties open, claimed and done"))
    .addSubcommand((s) =>
      s
        .setName("done")
        .setDescription("Say your partner's bounty is done")
        .addIntegerOption((o) => o.setName("id").setDescription("The bounty's number").setRequired(true).setMinValue(1))
        .addStringOption((o) =>
          o.setName("note").setDescription("How it went").setRequired(true).setMaxLength(BOUNTY_NOTE_MAX),
        )
        .addAttachmentOption((o) => o.setName("photo").setDescription("A photo of it done, for your partner")),
    )
    .addSubcommand((s) =>
      s
        .setName("approve")
        .setDescription("Approve your bounty: the reward goes to your partner")
        .addIntegerOption((o) =>
          o.setName("id").setDescription("The bounty's number").setRequired(true).setMinValue(1),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName("send-back")
        .setDescription("Not done yet: send your bounty back with a reason")
        .addIntegerOption((o) => o.setName("id").setDescription("The bounty's number").setRequired(true).setMinValue(1))
        .addStringOption((o) =>
          o.setName("reason").setDescription("What is missing").setRequired(true).setMaxLength(BOUNTY_NOTE_MAX),
        ),
    ),
  async execute(interaction, context, user) {
    const { db } = context;
    // The interaction's own moment (from its snowflake): a due day is checked against the day it was sent.
    const now = interaction.createdAt;
    const id = () => interaction.options.getInteger("id", true);
    switch (interaction.options.getSubcommand()) {
      case "post": {
        const due = interaction.options.getString("due");
        const bounty = oncePerInteraction(interaction, user.id, context, () =>
          postBounty(
            db,
            user.id,
            {
              title: interaction.options.getString("title", true),
              reward: interaction.options.getInteger("reward", true),
              ...(due === null ? {} : { due_date: due }),
            },
            now,
            { sameWithinMs: PAYMENT_SENT_AGAIN_MS },
          ),
        );
        return await replyDone(
          interaction,
          bounty.postedBefore
            ? `Bounty #${bounty.id} "${bounty.title}" was posted ${discordTime(bounty.createdAt, "R")} already, so it was not posted twice.`
            : `🎯 Posted bounty #${bounty.id} "${bounty.title}": ${spanks(bounty.reward)} held until it is done.`,
        );
      }
      case "done": {
        const photo = interaction.options.getAttachment("photo");
        const bounty = photo
          ? await doneWithPhoto(interaction, context, user.id, id(), photo)
          : markBountyDone(db, user.id, id(), interaction.options.getString("note", true), now);
        if (!bounty) return;
        return await replyDone(
          interaction,
          bounty.status === "approved"
            ? `✅ Bounty #${bounty.id} "${bounty.title}" was approved already: ${spanks(bounty.reward)} went to you.`
            : `✅ Bounty #${bounty.id} "${bounty.title}" is done: ${named(bounty.posterUsername, context)} will approve it.`,
        );
      }
      case "approve": {
        const bounty = approveBounty(db, user.id, id(), now);
        return await replyDone(
          interaction,
          `🎉 Approved bounty #${bounty.id} "${bounty.title}": ${spanks(bounty.reward)} went to ${named(bounty.doerUsername, context)}.`,
        );
      }
      case "send-back": {
        const bounty = sendBackBounty(db, user.id, id(), interaction.options.getString("reason", true), now);
        return await replyDone(
          interaction,
          `↩️ Sent bounty #${bounty.id} "${bounty.title}" back to ${named(bounty.doerUsername, context)}.`,
        );
      }
      default: {
        const bounties = listBounties(db).filter((bounty) => ["open", "claimed", "done"].includes(bounty.status));
        return await replyDone(
          interaction,
          bounties.length === 0
            ? "No bounties open. Post one with `/bounty post title reward [due]`."
            : listInOneMessage(
                "**Bounties**",
                bounties.map((bounty) => bountyLine(bounty, context)),
                null,
                (left) => `…and ${left} more on the web page, in the Spank Bank's Bounties.`,
              ),
        );
      }
    }
  },
};

/**
 * `/bounty done` with a photo: it is downloaded into the media folder first (as a memory's image,
 * the web's limits), then the bounty is marked done with it. A photo refused or not arrived marks
 * nothing: the partner is told and may try again. Answers undefined when it told them so.
 */
async function doneWithPhoto(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  userId: number,
  bountyId: number,
  photo: Attachment,
): Promise<Bounty | undefined> {
  const { db, mediaDir, mediaHosts } = context;
  // Downloading a photo can take longer than Discord's 3 seconds.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  let stored: StoredImage;
  try {
    stored = await downloadImage(
      { name: photo.name, url: photo.url, contentType: photo.contentType, size: photo.size },
      mediaDir,
      { maxBytes: MEDIA_MAX_BYTES, extraHosts: mediaHosts, photoOnly: true },
    );
  } catch (error) {
    if (!(error instanceof DownloadFailure)) throw error;
    await answerPrivately(
      interaction,
      error.retry
        ? `photo: Discord did not give me ${photo.name} yet. Nothing is marked done: try again in a minute.`
        : `photo: ${refusedNote([photo.name], MEDIA_MAX_BYTES, true)} Nothing is marked done.`,
    );
    return undefined;
  }
  try {
    const bounty = markBountyDone(
      db,
      userId,
      bountyId,
      interaction.options.getString("note", true),
      interaction.createdAt,
      stored,
    );
    // Said again while done: the photo already kept stays, this one is not kept.
    if (bounty.donePhotoFile !== stored.fileName) await rm(join(mediaDir, stored.fileName), { force: true });
    return bounty;
  } catch (error) {
    await rm(join(mediaDir, stored.fileName), { force: true });
    throw error;
  }
}
