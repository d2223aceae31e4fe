import { existsSync, writeFileSync } from "node:fs";
import { hashPassword } from "@spankbank/db/password";
import { type CoupleConfig, coupleConfigSchema, describeConfigIssues } from "@spankbank/shared/config";
import { DEFAULT_SLEEP } from "@spankbank/shared/eachOthersDay";
import { processPaths } from "@spankbank/shared/runtime";
import { ask, askNewPassword, closePrompts } from "./prompt.js";

/** `npm run setup`: writes couple.config.json by asking for each field; passwords are stored only as hashes. */
async function main(): Promise<void> {
  const path = processPaths().configPath;
  if (existsSync(path) && (await ask(`${path} exists. Overwrite it? (yes/no)`, "no")) !== "yes") {
    closePrompts();
    return;
  }
  console.log(
    "Setting up Spank Bank for the two of you. Discord ids: Discord settings > Advanced > Developer Mode, then right-click > Copy ID.\n",
  );
  const partners = [];
  for (const which of ["first", "second"]) {
    console.log(`\nThe ${which} partner`);
    const username = (await ask("Login name (lower case)")).toLowerCase();
    partners.push({
      username,
      displayName: await ask("Display name", username.charAt(0).toUpperCase() + username.slice(1)),
      responseName: await ask("Discord username"),
      discordId: await ask("Discord user id"),
      timeZone: await ask("Time zone (IANA)", which === "first" ? "Asia/Kolkata" : "America/New_York"),
      city: await ask("City or place shown on the clock", which === "first" ? "India" : "Florida"),
      ...(await askDay()),
      passwordHash: await hashPassword(await askNewPassword(username)),
    });
  }
  const optional = async (question: string) => (await ask(`${question} (blank to skip)`)) || undefined;
  // Anything but yes/y is no: the daily question then leaves out the questions that setting unlocks.
  const yes = async (question: string) =>
    ["yes", "y"].includes((await ask(`${question} (yes/no)`, "no")).toLowerCase());
  const config = {
    partners,
    charityName: await ask("Charity name", "Floggers4Change"),
    discord: {
      guildId: await optional("Discord server id"),
      memoriesChannelId: await optional("Memories channel id"),
      questionsChannelId: await optional("Questions channel id"),
      announcementsChannelId: await optional("Announcements channel id"),
    },
    dailyQuestion: {
      time: await ask("Daily question time (HH:MM, 24 h)", "09:00"),
      timeZone: await ask("Daily question time zone", partners[0]!.timeZone),
    },
    couple: await askCouple(yes),
    // Anniversary letters open on it; without one, the page offers only dated and "open when..." letters.
    anniversary: await optional("Your anniversary (MM-DD or YYYY-MM-DD)"),
  };
  closePrompts();
  const parsed = coupleConfigSchema.safeParse(config);
  if (!parsed.success) {
    console.error(`\nThat config has problems; nothing was written:\n${describeConfigIssues(parsed.error)}`);
    process.exit(1);
  }
  writeConfig(path, parsed.data);
  console.log(`\nWrote ${path}. Start Spank Bank with \`npm start\`.`);
}

/**
 * A partner's usual day, on their own clock: the clocks and `/when` say "probably asleep" or "at
 * work" from it, and the bot's quiet hours follow it. Each partner can change theirs on the web.
 */
async function askDay(): Promise<{
  sleep: { from: string; to: string };
  work?: { from: string; to: string; days: string[] };
}> {
  const sleep = {
    from: await ask("Usual bedtime (HH:MM, 24 h)", DEFAULT_SLEEP.from),
    to: await ask("Usual wake-up time (HH:MM, 24 h)", DEFAULT_SLEEP.to),
  };
  const hours = await ask("Work hours, e.g. 09:00-17:00 (blank for none)");
  if (!hours) return { sleep };
  const [from = "", to = ""] = hours.split("-").map((time) => time.trim());
  const days = await ask("Work days", "mon,tue,wed,thu,fri");
  // The config's schema checks the times and day names, and names a bad one.
  return { sleep, work: { from, to, days: days.split(",").map((day) => day.trim().toLowerCase()) } };
}

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

function writeConfig(path: string, config: CoupleConfig): void {
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
