import type { User } from "@spankbank/db/couple";
import { userByDiscordId } from "@spankbank/db/couple";
import type { BotContext } from "../context.js";

/** The other partner of the couple. */
export function partnerOf(user: User, { db, config }: BotContext): User {
  const other = config.partners.find((partner) => partner.discordId !== user.discordId)!;
  return userByDiscordId(db, other.discordId)!;
}
