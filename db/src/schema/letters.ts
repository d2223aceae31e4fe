import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
