import type { Db } from "@spankbank/db/client";
import type { User } from "@spankbank/db/couple";
import type { CoupleConfig } from "@spankbank/shared/config";
import type {
  ChatInputCommandInteraction,
  ContextMenuCommandBuilder,
  MessageContextMenuCommandInteraction,
  RESTPostAPIApplicationCommandsJSONBody,
} from "discord.js";

export interface BotContext {
  db: Db;
  config: CoupleConfig;
  /** The `media/` folder beside the database, where memory images are saved. */
  mediaDir: string;
  /**
   * Hosts images may be downloaded from besides Discord's CDN (`DISCORD_MEDIA_HOSTS`, e.g. the
   * end-to-end test's stand-in); empty in production.
   */
  mediaHosts?: readonly string[];
}

/** One slash command: its registration data and what it does (discord.js guide shape). */
export interface BotCommand {
  data: { name: string; toJSON: () => RESTPostAPIApplicationCommandsJSONBody };
  /** `user` is the partner using it: strangers never reach a command. */
  execute: (interaction: ChatInputCommandInteraction, context: BotContext, user: User) => Promise<void>;
}

/** A message context-menu command (right-click a message, Apps). */
export interface MessageMenuCommand {
  data: ContextMenuCommandBuilder;
  execute: (interaction: MessageContextMenuCommandInteraction, context: BotContext, user: User) => Promise<void>;
}
