import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { verifyPassword } from "@spankbank/db/password";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { runtimeFrom } from "@spankbank/shared/runtime";
import { describe, expect, it } from "vitest";

const setupEntry = fileURLToPath(new URL("../dist/setup.js", import.meta.url));

/** `npm run setup` in `dir`, answering `lines` one by one; `command`: how node is started (a shell with limits). */
function runSetup(dir: string, lines: string[], command: [string, ...string[]] = [process.execPath, setupEntry]) {
  const [program, ...args] = command;
  return spawnSync(program, args, {
    cwd: dir,
    input: `${lines.join("\n")}\n`,
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
    timeout: 30_000,
  });
}

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
    const result = runSetup(dir, answers);
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
    // data/, 700: the systemd units' ReadWritePaths= names it, and systemd starts no unit whose
    // path is missing (226/NAMESPACE), so a fresh clone must have it before `systemctl enable --now`.
    expect(statSync(join(dir, "data")).mode & 0o777).toBe(0o700);
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

  it("run again over an existing config, keeps every setting it does not ask about exactly as written (a longer backup retention, the economy, the questions)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-setup-again-"));
    const file = join(dir, "couple.config.json");
    // Set by hand: 60 days and a year of weeks at 04:30, two economy keys (the rest default), answers sealed.
    const unasked = {
      economy: { startingSpanks: 250, guessReward: 7 },
      backups: { time: "04:30", keepDaily: 60, keepWeekly: 52 },
      questions: { revealAfterBothAnswered: true },
    };
    writeFileSync(file, JSON.stringify({ ...demoCouple, ...unasked }, null, 2));

    const result = runSetup(dir, ["yes", ...answers]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Kept as they were: economy, backups, questions.");

    const written = JSON.parse(readFileSync(file, "utf8"));
    expect(written.backups).toEqual(unasked.backups);
    expect(written.economy).toEqual(unasked.economy);
    expect(written.questions).toEqual(unasked.questions);
    const { config } = runtimeFrom({ NODE_ENV: "production" }, dir, (path) => readFileSync(path, "utf8"));
    expect(config.backups).toEqual({ time: "04:30", keepDaily: 60, keepWeekly: 52 });
    expect(config.questions.revealAfterBothAnswered).toBe(true);
    expect(config.economy).toMatchObject({ startingSpanks: 250, guessReward: 7, workoutReward: 5 });
    // What it asks is what was answered this time.
    expect(config.partners.map((partner) => partner.username)).toEqual(["priya", "jordan"]);
    expect(config.dailyQuestion).toEqual({ time: "20:30", timeZone: "Asia/Kolkata" });
    expect(config.discord).toEqual({ guildId: "111122223333444455" });
    expect(config.anniversary).toBe("2023-06-17");
  });

  it("a write cut short (the file-size limit hit mid-write) leaves the old config whole, with no temporary file behind", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-setup-cut-"));
    const file = join(dir, "couple.config.json");
    const before = JSON.stringify(demoCouple, null, 2);
    writeFileSync(file, before);

    // `ulimit -f 1` (512 or 1024 bytes): the new config, longer than that, fails part way through, as on a full disk.
    const result = runSetup(
      dir,
      ["yes", ...answers],
      ["sh", "-c", 'ulimit -f 1 && exec "$0" "$1"', process.execPath, setupEntry],
    );
    expect(result.status).not.toBe(0);
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(result.stderr).toContain(`Could not write ${file}; the config there is as it was.`);
  });

  it("over an existing config, takes y for yes as its other yes/no questions do, and says so when the answer is no", () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-setup-overwrite-"));
    const file = join(dir, "couple.config.json");
    const config = JSON.stringify(demoCouple, null, 2);
    writeFileSync(file, config);

    const kept = runSetup(dir, ["n"]);
    expect(kept.status).toBe(0);
    expect(kept.stdout).toContain(`Nothing written: ${file} is kept as it is.`);
    expect(readFileSync(file, "utf8")).toBe(config);

    const rewritten = runSetup(dir, ["y", ...answers]);
    expect(rewritten.stderr).toBe("");
    expect(rewritten.status).toBe(0);
    expect(readFileSync(file, "utf8")).not.toBe(config);
  });

  it("stops before any question when the existing config is not JSON, and leaves it as it is", () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-setup-broken-"));
    const file = join(dir, "couple.config.json");
    const broken = '{ "backups": { "keepDaily": 60 }, ';
    writeFileSync(file, broken);

    const result = runSetup(dir, ["yes", ...answers]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${file} is not valid JSON`);
    expect(result.stderr).toContain("fix it or move it away, then run setup again.");
    expect(result.stdout).not.toContain("Overwrite it?");
    expect(readFileSync(file, "utf8")).toBe(broken);
  });
});
