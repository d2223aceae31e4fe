import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The two partners, mirrored from couple.config.json at every start. */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  displayName: text("display_name").notNull(),
  responseName: text("response_name").notNull().unique(),
  discordId: text("discord_id").notNull().unique(),
  timeZone: text("time_zone").notNull(),
  city: text("city").notNull(),
});

/**
 * A partner's own day, set on the web: it overrides the config's `sleep` and `work` for them
 * (the config stays the default), and says how announcements reach them while they sleep.
 */
export const partnerDays = sqliteTable(
  "partner_days",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    sleepFrom: text("sleep_from").notNull(),
    sleepTo: text("sleep_to").notNull(),
    /** Work hours, all three or none. */
    workFrom: text("work_from"),
    workTo: text("work_to"),
    /** Weekdays as JSON, e.g. `["mon","tue"]`. */
    workDays: text("work_days", { mode: "json" }).$type<string[]>(),
    /** While asleep: `silent` posts without a notification, `digest` holds events for one morning message. */
    quietHours: text("quiet_hours", { enum: ["silent", "digest"] })
      .notNull()
      .default("silent"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    check("partner_days_quiet_hours", sql`${t.quietHours} IN ('silent', 'digest')`),
    check(
      "partner_days_work_all_or_none",
      sql`(${t.workFrom} IS NULL) = (${t.workTo} IS NULL) AND (${t.workFrom} IS NULL) = (${t.workDays} IS NULL)`,
    ),
  ],
);

/** Server-side sessions: only a SHA-256 of the cookie token is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A fingerprint of the password hash it was made with: a changed password ends it. */
    credential: text("credential").notNull().default(""),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("sessions_expires_at").on(t.expiresAt), index("sessions_user").on(t.userId)],
);

/** Failed sign-ins: limited per client address (every username together) and per account. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    client: text("client").notNull(),
    failedAt: text("failed_at").notNull(),
  },
  (t) => [
    index("login_failures_lookup").on(t.username, t.client, t.failedAt),
    index("login_failures_client").on(t.client, t.failedAt),
    index("login_failures_failed_at").on(t.failedAt),
  ],
);

/**
 * Addresses a partner signed in from: their sign-ins go first when passwords are being checked,
 * and a flood of guesses at their account from elsewhere does not lock them out.
 */
export const knownClients = sqliteTable("known_clients", {
  client: text("client").primaryKey(),
  lastSignInAt: text("last_sign_in_at").notNull(),
});

/** Workouts logged from the dashboard. */
export const workouts = sqliteTable(
  "workouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    distance: integer("distance_hundredths"),
    distanceUnit: text("distance_unit", { enum: ["km", "miles"] }).notNull(),
    calories: integer("calories").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("workouts_user_created").on(t.userId, t.createdAt),
    check("workouts_duration_range", sql`${t.durationMinutes} BETWEEN 1 AND 1440`),
    check("workouts_distance_range", sql`${t.distance} IS NULL OR ${t.distance} BETWEEN 0 AND 100000`),
    check("workouts_calories_range", sql`${t.calories} BETWEEN 0 AND 20000`),
    check("workouts_distance_unit", sql`${t.distanceUnit} IN ('km', 'miles')`),
  ],
);

/**
 * A partner's place in the story game (/trapped-game), kept here so a new phone or browser
 * continues it; the browser keeps a copy as a cache. `progress` is the game's save as JSON
 * (shared/src/contract/story.ts), checked at the edge.
 */
export const storyProgress = sqliteTable("story_progress", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  progress: text("progress").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** A partner's own settings from the web's menu, kept for them on every device. */
export const partnerSettings = sqliteTable(
  "partner_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `auto` follows the device's light or dark setting. */
    colorScheme: text("color_scheme", { enum: ["auto", "light", "dark"] })
      .notNull()
      .default("auto"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [check("partner_settings_color_scheme", sql`${t.colorScheme} IN ('auto', 'light', 'dark')`)],
);
