import { Refusal } from "@spankbank/db/errors";
import { editMemoryFromDiscord, memoriesFromDiscordSince, removeMemoryFromDiscord } from "@spankbank/db/memories";
import { DAY_MS } from "@spankbank/shared/calendar";
import { RECHECKED_MEMORY_DAYS } from "@spankbank/shared/limits";
import { type Client, DiscordAPIError, RESTJSONErrorCodes } from "discord.js";
import type { BotContext } from "../context.js";
import { logError } from "../logging.js";
import { isStopping } from "../workInProgress.js";
import { forgetRemovedAttachments } from "./fromMessage.js";
import { heldIn } from "./held.js";
import { messageAt, placeOf } from "./jumpLink.js";

/**
 * An edit or a deletion made in Discord while the bot was not listening reached it as no event:
 * the memories of the last RECHECKED_MEMORY_DAYS are read back from their messages. A message
 * gone (Discord's Unknown Message, nothing else) removes its memory, to the trash as a live
 * deletion does; one whose words changed edits it, in the web's trash too (for its restore), and
 * its photos taken out of the message leave it. A
 * message that cannot be read now (no access, Discord down) changes nothing. Returns how many
 * memories changed.
 */
export async function recheckRecentMemories(client: Client, context: BotContext, now = new Date()): Promise<number> {
  let changed = 0;
  const since = new Date(now.getTime() - RECHECKED_MEMORY_DAYS * DAY_MS);
  for (const memory of memoriesFromDiscordSince(context.db, since)) {
    if (isStopping(context)) break;
    const place = placeOf(memory.discordUrl);
    if (place?.messageId !== memory.discordMessageId) continue;
    try {
      const message = await messageAt(client, place);
      if (!message) continue;
      const held = heldIn(message);
      if ((await forgetRemovedAttachments(message.id, held, context)) > 0) changed++;
      if (held.content === memory.message) continue;
      // Read again after the waits: words changed meanwhile came from a live edit, newer than this
      // read of the message (Discord may have answered before it), and they stay.
      const kept = memoriesFromDiscordSince(context.db, since).find((m) => m.discordMessageId === message.id);
      if (kept?.message !== memory.message) continue;
      // One in the web's trash takes the words too (not shown until restored), as a live edit does.
      if (editMemoryFromDiscord(context.db, message.id, held.content) || kept.trashed) changed++;
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage) {
        if (removeMemoryFromDiscord(context.db, memory.discordMessageId)) changed++;
        continue;
      }
      // Edited down to nothing keeps the last words, as a live edit does; anything else is tried at the next start.
      if (!(error instanceof Refusal))
        logError(`Reading memory message ${memory.discordMessageId} again failed`, error);
    }
  }
  return changed;
}
