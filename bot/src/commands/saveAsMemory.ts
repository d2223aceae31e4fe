import { userByDiscordId } from "@spankbank/db/couple";
import { ApplicationCommandType, ContextMenuCommandBuilder, MessageFlags } from "discord.js";
import type { MessageMenuCommand } from "../context.js";
import { refusedNote } from "../images.js";
import { memoryFromMessage } from "../memories/fromMessage.js";

/** "Save as memory": right-click a message from either partner, in any channel. */
export const saveAsMemoryCommand: MessageMenuCommand = {
  data: new ContextMenuCommandBuilder().setName("Save as memory").setType(ApplicationCommandType.Message),
  async execute(interaction, context) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const message = interaction.targetMessage;
    const author = userByDiscordId(context.db, message.author.id);
    if (!author || message.author.bot) {
      await interaction.editReply({ content: "I only save messages written by one of you two." });
      return;
    }
    const { memory, refused } = await memoryFromMessage(message, author, context);
    const saved = memory ? "Saved as a memory 💞" : "That message is already a memory.";
    await interaction.editReply({ content: refused.length > 0 ? `${saved} ${refusedNote(refused)}` : saved });
  },
};
