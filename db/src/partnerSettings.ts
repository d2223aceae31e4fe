import { colorSchemeSetting } from "@spankbank/shared/contract/colorScheme";
import { type ColorSchemeSetting, DEFAULT_COLOR_SCHEME } from "@spankbank/shared/limits";
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { isoNow } from "./clock.js";
import { refuseUnless } from "./errors.js";
import { param, preparedFor } from "./prepared.js";
import { partnerSettings } from "./schema.js";

const statements = preparedFor((db) => ({
  colorScheme: db
    .select({ colorScheme: partnerSettings.colorScheme })
    .from(partnerSettings)
    .where(eq(partnerSettings.userId, param("userId")))
    .prepare(),
  saveColorScheme: db
    .insert(partnerSettings)
    .values({
      userId: sql.placeholder("userId"),
      colorScheme: sql.placeholder("colorScheme"),
      updatedAt: sql.placeholder("updatedAt"),
    })
    .onConflictDoUpdate({
      target: partnerSettings.userId,
      set: { colorScheme: sql`excluded.color_scheme`, updatedAt: sql`excluded.updated_at` },
    })
    .prepare(),
}));

/** The partner's colours as they last picked them in the menu, else following their device. */
export function colorSchemeOf(db: Db, userId: number): ColorSchemeSetting {
  return statements(db).colorScheme.get({ userId })?.colorScheme ?? DEFAULT_COLOR_SCHEME;
}

/** Keeps the partner's colours for every device they sign in on; anything but the three is refused, nothing written. */
export function setColorSchemeOf(
  db: Db,
  userId: number,
  colorScheme: ColorSchemeSetting,
  now = new Date(),
): ColorSchemeSetting {
  const checked = refuseUnless(colorSchemeSetting, colorScheme, "colorScheme");
  statements(db).saveColorScheme.run({ userId, colorScheme: checked, updatedAt: isoNow(now) });
  return checked;
}
