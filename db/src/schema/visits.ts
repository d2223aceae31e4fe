import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

/**
 * Your times together (issue 22, "the next visit"): planned ones ahead and the log of past ones.
 * Dates are local calendar dates (YYYY-MM-DD), the first and last day together, both counted.
 */
export const visits = sqliteTable(
  "visits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    place: text("place"),
    note: text("note"),
    plannedById: integer("planned_by_id")
      .notNull()
      .references(() => users.id),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // The next visit, the one under way and the log (newest first) are all read by date.
    index("visits_by_date").on(t.startDate, t.endDate),
    check("visits_dates", sql`${t.endDate} >= ${t.startDate}`),
    check("visits_place_length", sql`${t.place} IS NULL OR length(${t.place}) BETWEEN 1 AND 80`),
    check("visits_note_length", sql`${t.note} IS NULL OR length(${t.note}) BETWEEN 1 AND 300`),
  ],
);

/**
 * The countdown posts already made for a visit (30, 7 and 1 days before it): one row per visit and
 * milestone, written with its outbox event, so a milestone is posted once however often it is
 * checked. Moving a visit deletes its rows: the milestones of the new date are posted again.
 */
export const visitMilestones = sqliteTable(
  "visit_milestones",
  {
    visitId: integer("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    days: integer("days").notNull(),
    enqueuedAt: text("enqueued_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.days] })],
);
