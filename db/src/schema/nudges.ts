import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

/** "Thinking of you" (issue 36): one row per tap of the heart (or `/nudge`), from one partner to the other. */
export const nudges = sqliteTable(
  "nudges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromUserId: integer("from_user_id")
      .notNull()
      .references(() => users.id),
    toUserId: integer("to_user_id")
      .notNull()
      .references(() => users.id),
    /** The optional short line sent with it. */
    line: text("line"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    // Today's count for the sender (their daily limit) and for the recipient (the dashboard) are ranges of time.
    index("nudges_from_by_time").on(t.fromUserId, t.createdAt),
    index("nudges_to_by_time").on(t.toUserId, t.createdAt),
    check("nudges_line_length", sql`${t.line} IS NULL OR length(${t.line}) BETWEEN 1 AND 140`),
    check("nudges_not_to_self", sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);
