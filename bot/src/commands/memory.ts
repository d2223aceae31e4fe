import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { StoredImage } from "@spankbank/db/media";
import { saveMemory } from "@spankbank/db/memories";
import { MEMORY_TEXT_MAX, SEARCH_MAX } from "@spankbank/shared/limits";
import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { missingNote, refusedNote, saveImages } from "../images.js";
import { replyDone } from "../replies.js";
import { searchText } from "./memorySearch.js";

export { MEMORY_TEXT_MAX };

/**
 * `/memory save text [image]`: save a memory, with an image if one is attached. `/memory search
 * words`: find memories, answers, letters and favours (privately, as the web's search).
 */
export const memoryCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("memory")
    .setDescription("Save a memory, or search everything")
    .addSubcommand((s) =>
      s
        .setName("save")
        .setDescription("Save a memory")
        .addStringOption((o) =>
          o.setName("text").setDescription("What to remember").setRequired(true).setMaxLength(MEMORY_TEXT_MAX),
        )
        .addAttachmentOption((o) => o.setName("image").setDescription("A photo to keep with it")),
    )
    .addSubcommand((s) =>
      s
        .setName("search")
        .setDescription("Search memories, answers, letters and favours")
        .addStringOption((o) =>
          o.setName("words").setDescription("What to look for").setRequired(true).setMaxLength(SEARCH_MAX),
        ),
    ),
  async execute(interaction, context, user) {
    if (interaction.options.getSubcommand() === "search") {
      await replyDone(interaction, searchText(context, user.id, interaction.options.getString("words", true)));
      return;
    }
    const { db, mediaDir, mediaHosts } = context;
    // Downloading an image can take longer than Discord's 3 seconds.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const image = interaction.options.getAttachment("image");
    // The upload limit this interaction advertises (the server's boost level decides it).
    const maxBytes = interaction.attachmentSizeLimit ?? 0;
    const { saved, refused, missing } = await saveImages(
      image ? [{ name: image.name, url: image.url, contentType: image.contentType, size: image.size }] : [],
      mediaDir,
      { maxBytes, extraHosts: mediaHosts },
    );
    const forget = (kept: readonly StoredImage[] = []) =>
      Promise.all(
        saved
          .filter((s) => !kept.some((k) => k.fileName === s.fileName))
          .map((s) => rm(join(mediaDir, s.fileName), { force: true })),
      );
    let created: boolean;
    let joined: readonly StoredImage[] = [];
    try {
      ({ created, joined = [] } = saveMemory(db, {
        userId: user.id,
        message: interaction.options.getString("text", true),
        images: saved,
        missingImages: missing,
        // Sent again because its answer never came (the bot restarted): the memory is kept once.
        mayBeSentAgain: true,
      }));
    } catch (error) {
      await forget();
      throw error;
    }
    if (!created) {
      // Its photo had not arrived (still queued, or given up on): the one downloaded now is its photo.
      await forget(joined);
      await replyDone(
        interaction,
        joined.length > 0
          ? "That memory was already saved 💞 Its photo is there now."
          : "That memory was already saved 💞",
      );
      return;
    }
    const notes = [
      ...(refused.length > 0 ? [refusedNote(refused, maxBytes)] : []),
      ...(missing.length > 0 ? [missingNote(missing)] : []),
    ];
    await replyDone(interaction, ["Saved as a memory 💞", ...notes].join(" "));
  },
};
