import { userByDiscordId } from "@spankbank/db/couple";
import { ApplicationCommandType, ContextMenuCommandBuilder, MessageFlags } from "discord.js";
import type { MessageMenuCommand } from "../context.js";
import { missingNote, refusedNote } from "../images.js";
import { memoryFromMessage } from "../memories/fromMessage.js";
import { replyDone } from "../replies.js";

/** "Save as memory": right-click a message from either partner, in any channel. */
export const saveAsMemoryCommand: MessageMenuCommand = {
  data: new ContextMenuCommandBuilder().setName("Save as memory").setType(ApplicationCommandType.Message),
  async execute(interaction, context) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const message = interaction.targetMessage;
    const author = userByDiscordId(context.db, message.author.id);
    if (!author || message.author.bot) {
      await replyDone(interaction, "I only save messages written by one of you two.");
      return;
    }
    // Asked for explicitly: a memory of it deleted on the web comes back.
    const { memory, refused, missing, refusal, maxBytes } = await memoryFromMessage(message, author, context, {
      restoreDeleted: true,
    });
    if (refusal) {
      await replyDone(
        interaction,
        [refusal.message, ...(refused.length > 0 ? [refusedNote(refused, maxBytes)] : [])].join(" "),
      );
      return;
    }
    const said = memory ? "Saved as a memory 💞" : "That message is already a memory.";
    const notes = [
      ...(refused.length > 0 ? [refusedNote(refused, maxBytes)] : []),
      ...(missing.length > 0 ? [missingNote(missing)] : []),
    ];
    await replyDone(interaction, [said, ...notes].join(" "));
  },
};
