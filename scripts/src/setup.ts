import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname } from "node:path";
import { hashPassword } from "@spankbank/db/password";
import { WEEKDAYS } from "@spankbank/shared/calendar";
import { type CoupleConfig, coupleConfigSchema, describeConfigIssues, partnerSchema } from "@spankbank/shared/config";
import { DEFAULT_SLEEP } from "@spankbank/shared/eachOthersDay";
import { processPaths } from "@spankbank/shared/runtime";
import { ask, askNewPassword, type Check, closePrompts } from "./prompt.js";

/** An answer checked by the config's own rule for that field: a typo is asked again at once. */
const by =
  (schema: { safeParse(answer: string): { error?: { issues: readonly { message: string }[] } } }): Check =>
  (answer) =>
    schema.safeParse(answer).error?.issues[0]?.message;
/** Either blank or passing `check`. */
const blankOr =
  (check: Check): Check =>
  (answer) =>
    answer === "" ? undefined : check(answer);
/** Differs from what the first partner gave (ids and names must tell the two apart). */
const differentFrom =
  (check: Check, taken: string | undefined, what: string): Check =>
  (answer) =>
    check(answer) ?? (taken?.toLowerCase() === answer.toLowerCase() ? `the first partner has this ${what}` : undefined);

const partner = partnerSchema.shape;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time: Check = (answer) => (HHMM.test(answer) ? undefined : "must be HH:MM (24 h), e.g. 09:00");

/** A yes/no question: anything but yes or y (in any case) is no. */
const yes = async (question: string) => ["yes", "y"].includes((await ask(`${question} (yes/no)`, "no")).toLowerCase());

/** `npm run setup`: writes couple.config.json by asking for each field; passwords are stored only as hashes. */
async function main(): Promise<void> {
  const { configPath: path, databasePath } = processPaths();
  const existing = existsSync(path) ? readExistingConfig(path) : undefined;
  if (existing && !(await yes(`${path} exists. Overwrite it?`))) {
    console.log(`Nothing written: ${path} is kept as it is.`);
    closePrompts();
    return;
  }
  console.log(
    "Setting up Spank Bank for the two of you. Discord ids: Discord settings > Advanced > Developer Mode, then right-click > Copy ID.\n",
  );
  const partners: {
    username: string;
    responseName: string;
    discordId: string;
    timeZone: string;
    [field: string]: unknown;
  }[] = [];
  for (const which of ["first", "second"]) {
    console.log(`\nThe ${which} partner`);
    const first = partners[0];
    const username = (
      await ask("Login name (lower case)", undefined, (answer) =>
        differentFrom(by(partner.username), first?.username, "login name")(answer.toLowerCase()),
      )
    ).toLowerCase();
    partners.push({
      username,
      displayName: await ask(
        "Display name",
        username.charAt(0).toUpperCase() + username.slice(1),
        by(partner.displayName),
      ),
      responseName: await ask(
        "Discord username",
        undefined,
        differentFrom(by(partner.responseName), first?.responseName, "Discord username"),
      ),
      discordId: await ask(
        "Discord user id",
        undefined,
        differentFrom(by(partner.discordId), first?.discordId, "Discord id"),
      ),
      timeZone: await ask(
        "Time zone (IANA)",
        which === "first" ? "Asia/Kolkata" : "America/New_York",
        by(partner.timeZone),
      ),
      city: await ask("City or place shown on the clock", which === "first" ? "India" : "Florida", by(partner.city)),
      ...(await askDay()),
      passwordHash: await hashPassword(await askNewPassword(username)),
    });
  }
  const optional = async (question: string, check: Check) =>
    (await ask(`${question} (blank to skip)`, undefined, blankOr(check))) || undefined;
  const snowflake = by(partner.discordId);
  const asked = {
    partners,
    charityName: await ask("Charity name", "Floggers4Change", by(coupleConfigSchema.shape.charityName)),
    discord: {
      guildId: await optional("Discord server id", snowflake),
      memoriesChannelId: await optional("Memories channel id", snowflake),
      questionsChannelId: await optional("Questions channel id", snowflake),
      announcementsChannelId: await optional("Announcements channel id", snowflake),
    },
    dailyQuestion: {
      time: await ask("Daily question time (HH:MM, 24 h)", "09:00", time),
      timeZone: await ask("Daily question time zone", partners[0]!.timeZone, by(partner.timeZone)),
    },
    couple: await askCouple(yes),
    // Anniversary letters open on it; without one, the page offers only dated and "open when..." letters.
    anniversary: await optional(
      "Your anniversary (MM-DD or YYYY-MM-DD)",
      by(coupleConfigSchema.shape.anniversary.unwrap()),
    ),
  };
  closePrompts();
  // What setup does not ask about (backups, economy, questions...) stays as the couple wrote it.
  const kept = Object.fromEntries(Object.entries(existing ?? {}).filter(([key]) => !(key in asked)));
  const parsed = coupleConfigSchema.safeParse({ ...asked, ...kept });
  if (!parsed.success) {
    console.error(`\nThat config has problems; nothing was written:\n${describeConfigIssues(parsed.error)}`);
    process.exit(1);
  }
  writeConfig(path, { ...parsed.data, ...kept });
  // The database's folder (data/) made now: the systemd units name it in ReadWritePaths=, and
  // systemd starts no unit whose path is missing (226/NAMESPACE), before the app could make it.
  mkdirSync(dirname(databasePath), { recursive: true, mode: 0o700 });
  const keeping = Object.keys(kept).length > 0 ? ` Kept as they were: ${Object.keys(kept).join(", ")}.` : "";
  console.log(`\nWrote ${path}.${keeping} Start Spank Bank with \`npm start\`.`);
}

/**
 * A partner's usual day, on their own clock: the clocks and `/when` say "probably asleep" or "at
 * work" from it, and the bot's quiet hours follow it. Each partner can change theirs on the web.
 */
async function askDay(): Promise<{
  sleep: { from: string; to: string };
  work?: { from: string; to: string; days: string[] };
}> {
  const from = await ask("Usual bedtime (HH:MM, 24 h)", DEFAULT_SLEEP.from, time);
  const to = await ask(
    "Usual wake-up time (HH:MM, 24 h)",
    DEFAULT_SLEEP.to,
    (answer) => time(answer) ?? (answer === from ? "must differ from the bedtime" : undefined),
  );
  const sleep = { from, to };
  const hours = await ask("Work hours, e.g. 09:00-17:00 (blank for none)", undefined, blankOr(workHours));
  if (!hours) return { sleep };
  const [start = "", end = ""] = hours.split("-").map((part) => part.trim());
  const days = await ask("Work days", "mon,tue,wed,thu,fri", workDays);
  return { sleep, work: { from: start, to: end, days: dayList(days) } };
}

/** "09:00-17:00": two different times. */
const workHours: Check = (answer) => {
  const [start = "", end, ...rest] = answer.split("-").map((part) => part.trim());
  if (end === undefined || rest.length > 0 || time(start) || time(end)) return "must be two times, e.g. 09:00-17:00";
  return start === end ? "the start and the end must differ" : undefined;
};
const dayList = (answer: string) => answer.split(",").map((day) => day.trim().toLowerCase());
const workDays: Check = (answer) => {
  const wrong = dayList(answer).filter((day) => !(WEEKDAYS as readonly string[]).includes(day));
  return wrong.length > 0 ? `${wrong.join(", ")}: use ${WEEKDAYS.join(", ")}, separated by commas` : undefined;
};

/** The couple settings the daily question is picked by; living together is not asked of a couple living apart. */
async function askCouple(yes: (question: string) => Promise<boolean>): Promise<CoupleConfig["couple"]> {
  console.log("\nA few things about the two of you, so the daily question fits.");
  const longDistance = await yes("Do you live in different places (long distance)?");
  const livingTogether = longDistance ? false : await yes("Do you live together?");
  return {
    longDistance,
    livingTogether,
    pets: await yes("Do you have a pet together?"),
    spicy: await yes("Include spicier questions?"),
  };
}

/**
 * The config already there, to keep what setup does not ask about; a file that cannot be read
 * stops setup before any question, as those settings would be lost.
 */
function readExistingConfig(path: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(
      `${path} is not valid JSON (${(error as Error).message}). Setup keeps the settings it does not ask about (backups, economy, questions) from it: fix it or move it away, then run setup again.`,
    );
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new Error(`${path} is not a JSON object: fix it or move it away, then run setup again.`);
  }
  return raw as Record<string, unknown>;
}

/**
 * Written to a temporary file, flushed, then renamed over the old one: a power cut or a full disk
 * mid-write leaves the old config or the new one, never half of one.
 */
function writeConfig(path: string, config: Record<string, unknown>): void {
  const partial = `${path}.partial`;
  try {
    // A temporary file a crashed run left behind is ours: made anew, so it is created 600.
    rmSync(partial, { force: true });
    const fd = openSync(partial, "wx", 0o600);
    try {
      writeFileSync(fd, `${JSON.stringify(config, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new Error(`Could not write ${path}; the config there is as it was. ${(error as Error).message}`);
  }
  // The rename on the disk too: after a power cut the name holds the new config.
  const folder = openSync(dirname(path), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
