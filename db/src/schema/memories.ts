import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

/**
 * A memory posted in Discord. Deleting is a soft delete (deleted_at): the memory waits in the
 * trash for MEMORY_TRASH_DAYS, restorable, then the daily purge removes it for good.
 */
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
    /**
     * When the bot found its Discord message deleted and put the memory in the trash, once: a
     * restore from the trash after it stands, and the bot reads that message no more.
     */
    discordGoneAt: text("discord_gone_at"),
  },
  (t) => [
    index("memories_created").on(t.createdAt),
    /** The board's pages and count: visible memories, newest first, read from the index alone. */
    index("memories_visible_newest").on(t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    /** A search result's board page: the memories on the board before it, counted from the index alone. */
    index("memories_board_place").on(t.deletedAt, t.createdAt, t.id),
    /** The trash (newest deleted first) and its daily purge: deleted memories only. */
    index("memories_trash").on(t.deletedAt, t.id).where(sql`${t.deletedAt} IS NOT NULL`),
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
    /**
     * The Discord attachment it was downloaded from: removed from its message in Discord, it leaves
     * the memory. Null for one sent by /memory, and for those saved before it was kept.
     */
    discordAttachmentId: text("discord_attachment_id"),
  },
  (t) => [index("memory_images_memory").on(t.memoryId)],
);

/**
 * An image of a memory that did not arrive when the memory was saved (Discord's CDN answered
 * 404/503 or timed out): the memory keeps its text and the images that did arrive, and the bot
 * tries this one again later with a growing wait.
 */
export const mediaOutbox = sqliteTable(
  "media_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memoryId: integer("memory_id")
      .notNull()
      .references(() => memories.id),
    /** The attachment's file name, as the author named it (only shown back to them). */
    name: text("name").notNull(),
    url: text("url").notNull(),
    contentType: text("content_type"),
    size: integer("size").notNull(),
    createdAt: text("created_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: text("next_attempt_at"),
    /** Set when the image arrived (a memory_images row was written in the same transaction). */
    doneAt: text("done_at"),
    /** Set when the bot stopped trying (Discord's links expire): the memory stays without it. */
    gaveUpAt: text("gave_up_at"),
  },
  (t) => [index("media_outbox_pending").on(t.doneAt, t.gaveUpAt, t.id)],
);

/**
 * The clock the memory trash counts its days on, in one row: what the clock read at the last
 * purge. A purge that finds the clock moved from it by more than a day or so, on or back, counts
 * none of that (see memoryTrash.ts).
 */
export const trashClock = sqliteTable(
  "trash_clock",
  {
    id: integer("id").primaryKey(),
    readAt: text("read_at").notNull(),
  },
  (t) => [check("trash_clock_one_row", sql`${t.id} = 1`)],
);
