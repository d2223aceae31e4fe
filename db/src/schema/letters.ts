import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

/** The Christmas letter each partner writes to the other: one per writer, rewritten in place. */
export const letters = sqliteTable(
  "letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromUserId: integer("from_user_id")
      .notNull()
      .unique()
      .references(() => users.id),
    toUserId: integer("to_user_id")
      .notNull()
      .unique()
      .references(() => users.id),
    text: text("text").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    check("letters_text_length", sql`length(${t.text}) BETWEEN 1 AND 4000`),
    check("letters_not_to_self", sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/**
 * Letters for later: one partner's letter to the other, sealed until its moment. `opens_at` is
 * fixed when the letter is written or edited (the date and time on the recipient's clock, or the
 * next anniversary); "open when..." letters have none and open when the recipient opens them.
 */
export const laterLetters = sqliteTable(
  "later_letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromUserId: integer("from_user_id")
      .notNull()
      .references(() => users.id),
    toUserId: integer("to_user_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    openingKind: text("opening_kind", { enum: ["date", "anniversary", "openWhen"] }).notNull(),
    /** For a dated letter: the day (YYYY-MM-DD) and time (HH:MM) on the recipient's clock, as written. */
    opensOn: text("opens_on"),
    opensTime: text("opens_time"),
    /** For an "open when..." letter: sad, missing you, can't sleep. */
    moment: text("moment"),
    opensAt: text("opens_at"),
    /** When the recipient opened it. */
    openedAt: text("opened_at"),
    /** When its opening was queued for the bot to announce (dated and anniversary letters): never twice. */
    announcedAt: text("announced_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("later_letters_to").on(t.toUserId, t.id),
    index("later_letters_from").on(t.fromUserId, t.id),
    // The bot's minute check reads only letters still to be announced.
    index("later_letters_due").on(t.opensAt).where(sql`${t.announcedAt} IS NULL AND ${t.opensAt} IS NOT NULL`),
    check("later_letters_text_length", sql`length(${t.text}) BETWEEN 1 AND 4000`),
    check("later_letters_not_to_self", sql`${t.fromUserId} <> ${t.toUserId}`),
    check(
      "later_letters_opening",
      sql`(${t.openingKind} = 'openWhen' AND ${t.moment} IS NOT NULL AND ${t.opensAt} IS NULL) OR (${t.openingKind} <> 'openWhen' AND ${t.moment} IS NULL AND ${t.opensAt} IS NOT NULL)`,
    ),
  ],
);
