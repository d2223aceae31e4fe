import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

/** A memory posted in Discord. Deleting on the web is a soft delete (deleted_at). */
export const memories = sqliteTable(
  "memories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    message: text("message").notNull(),
    /** The Discord message it came from; null for memories made otherwise (demo seed). */
    discordMessageId: text("discord_message_id").unique(),
    /** A link to that Discord message (jump URL). */
    discordUrl: text("discord_url"),
    createdAt: text("created_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [
    index("memories_created").on(t.createdAt),
    /** The board's pages and count: visible memories, newest first, read from the index alone. */
    index("memories_visible_newest").on(t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** An image of a memory, downloaded from Discord into the `media/` folder beside the database. */
export const memoryImages = sqliteTable(
  "memory_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memoryId: integer("memory_id")
      .notNull()
      .references(() => memories.id),
    /** The file's name inside `media/`, chosen by us (never a name from Discord). */
    fileName: text("file_name").notNull().unique(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [index("memory_images_memory").on(t.memoryId)],
);
