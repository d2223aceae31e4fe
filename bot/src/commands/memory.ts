import { rm } from "node:fs/promises";
import { join } from "node:path";
import { addMemory } from "@spankbank/db/memories";
import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { refusedNote, saveImages } from "../images.js";

export const MEMORY_TEXT_MAX = 2000;

/** `/memory text [image]`: save a memory, with an image if one is attached. */
export const memoryCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("memory")
    .setDescription("Save a memory")
    .addStringOption((o) =>
      o.setName("text").setDescription("What to remember").setRequired(true).setMaxLength(MEMORY_TEXT_MAX),
    )
    .addAttachmentOption((o) => o.setName("image").setDescription("A photo to keep with it")),
  async execute(interaction, { db, mediaDir }, user) {
    // Downloading an image can take longer than Discord's 3 seconds.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const image = interaction.options.getAttachment("image");
    const { saved, refused } = await saveImages(
      image ? [{ name: image.name, url: image.url, contentType: image.contentType, size: image.size }] : [],
      mediaDir,
    );
    try {
      addMemory(db, { userId: user.id, message: interaction.options.getString("text", true), images: saved });
    } catch (error) {
      await Promise.all(saved.map((s) => rm(join(mediaDir, s.fileName), { force: true })));
      throw error;
    }
    const note = refused.length > 0 ? ` ${refusedNote(refused)}` : "";
    await interaction.editReply({ content: `Saved as a memory 💞${note}` });
  },
};
