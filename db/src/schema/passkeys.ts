import { sql } from "drizzle-orm";
import { blob, check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

/**
 * A partner's passkeys (WebAuthn credentials): another way in beside the password, which stays.
 * Only public keys are stored; the private key never leaves the partner's device.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The authenticator's credential id, base64url: one passkey belongs to one partner only. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key the authenticator made. */
    publicKey: blob("public_key", { mode: "buffer" }).notNull(),
    /** The authenticator's signature counter: a sign-in that does not move it past this one is refused. */
    counter: integer("counter").notNull().default(0),
    /** The WebAuthn user handle this passkey was made with (base64url), the same for all of a partner's. */
    userHandle: text("user_handle").notNull(),
    /** How the browser can reach the authenticator, as JSON (`["internal","hybrid"]`). */
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull(),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    index("passkeys_user").on(t.userId),
    check("passkeys_counter_not_negative", sql`${t.counter} >= 0`),
    check("passkeys_name_length", sql`length(${t.name}) BETWEEN 1 AND 40`),
  ],
);
