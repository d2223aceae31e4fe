import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { verifyPassword } from "@spankbank/db/password";
import { runtimeFrom } from "@spankbank/shared/runtime";
import { describe, expect, it } from "vitest";

const setupEntry = fileURLToPath(new URL("../dist/setup.js", import.meta.url));

const answers = [
  // first partner: login, display name, Discord username, Discord id, zone (a typo first, asked
  // again), city, bedtime, wake-up, work hours (none), password twice
  "priya",
  "",
  "priya_k",
  "123456789012345678",
  "Europe/Lisbonn",
  "",
  "",
  "",
  "",
  "",
  "rose-petals-2026",
  "rose-petals-2026",
  // second partner (the first one's Discord id, hours as "8-4:30" and a misspelled day: each asked again)
  "jordan",
  "Jo",
  "jordan.b",
  "123456789012345678",
  "876543210987654321",
  "",
  "Miami",
  "22:30",
  "06:30",
  "8-4:30",
  "08:00-16:30",
  "mon, wedn",
  "mon, Wed",
  "short",
  "sunset-walks-2026",
  "sunset-walks-2026",
  // charity, guild, three channels, question time and zone
  "",
  "111122223333444455",
  "",
  "",
  "",
  "20:30",
  "",
  // long distance (then living together is not asked), pets, spicy
  "yes",
  "",
  "Y",
  // the anniversary, for anniversary letters
  "2023-06-17",
];

describe("npm run setup", () => {
  it("writes a valid couple.config.json from the answers, asking again after each bad one, storing passwords only as hashes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-setup-"));
    const result = spawnSync(process.execPath, [setupEntry], {
      cwd: dir,
      input: `${answers.join("\n")}\n`,
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Too short");
    expect(result.stdout).toContain("Europe/Lisbonn: must be an IANA time zone such as Asia/Kolkata. Try again.");
    expect(result.stdout).toContain("123456789012345678: the first partner has this Discord id. Try again.");
    expect(result.stdout).toContain("8-4:30: must be two times, e.g. 09:00-17:00. Try again.");
    expect(result.stdout).toContain(
      "mon, wedn: wedn: use sun, mon, tue, wed, thu, fri, sat, separated by commas. Try again.",
    );
    expect(result.stdout).not.toContain("rose-petals-2026");

    const file = join(dir, "couple.config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("rose-petals-2026");
    const { config, demo } = runtimeFrom({ NODE_ENV: "production" }, dir, (path) => readFileSync(path, "utf8"));
    expect(demo).toBe(false);
    const [priya, jordan] = config.partners;
    expect(priya).toMatchObject({
      username: "priya",
      displayName: "Priya",
      responseName: "priya_k",
      timeZone: "Asia/Kolkata",
      city: "India",
      sleep: { from: "23:00", to: "07:00" },
    });
    expect(priya).not.toHaveProperty("work");
    expect(jordan).toMatchObject({
      username: "jordan",
      displayName: "Jo",
      timeZone: "America/New_York",
      city: "Miami",
      sleep: { from: "22:30", to: "06:30" },
      work: { from: "08:00", to: "16:30", days: ["mon", "wed"] },
    });
    expect(config.charityName).toBe("Floggers4Change");
    expect(config.discord).toEqual({ guildId: "111122223333444455" });
    expect(config.dailyQuestion).toEqual({ time: "20:30", timeZone: "Asia/Kolkata" });
    expect(result.stdout).not.toContain("Do you live together?");
    expect(config.couple).toEqual({ longDistance: true, livingTogether: false, pets: false, spicy: true });
    expect(config.anniversary).toBe("2023-06-17");
    expect(await verifyPassword("rose-petals-2026", priya.passwordHash)).toBe(true);
    expect(await verifyPassword("sunset-walks-2026", jordan.passwordHash)).toBe(true);
  });
});
