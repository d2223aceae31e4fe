import type { Db } from "@spankbank/db/client";
import type { CoupleConfig } from "@spankbank/shared/config";
import type { ChatInputCommandInteraction, SlashCommandOptionsOnlyBuilder } from "discord.js";

export interface BotContext {
  db: Db;
  config: CoupleConfig;
}

/** One slash command: its registration data and what it does (discord.js guide shape). */
export interface BotCommand {
  data: SlashCommandOptionsOnlyBuilder;
  execute: (interaction: ChatInputCommandInteraction, context: BotContext) => Promise<void>;
}
