import type { CoupleConfig } from "./config.js";

/** Demo passwords, printed in the demo banner and README. Never used outside demo mode. */
export const DEMO_LOGINS = [
  { username: "alex", password: "alex-demo-pass" },
  { username: "sam", password: "sam-demo-pass" },
] as const;

/**
 * The built-in demo couple (DESIGN.md section 3). The hashes are argon2id hashes of the passwords
 * above, with the production cost, so demo sign-in exercises the real check.
 */
export const demoCouple: CoupleConfig = {
  partners: [
    {
      username: "alex",
      displayName: "Alex",
      responseName: "alex_d",
      discordId: "111111111111111111",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$zRl62XbpgSRq7rsR/H6zhA$R+01zGtQBfi6ZUK2mrd/cZdERuoBjEoXsKVNc0SfYNE",
      timeZone: "Asia/Kolkata",
      city: "India",
      sleep: { from: "23:30", to: "07:00" },
      work: { from: "10:00", to: "18:30", days: ["mon", "tue", "wed", "thu", "fri", "sat"] },
    },
    {
      username: "sam",
      displayName: "Sam",
      responseName: "sam_r",
      discordId: "222222222222222222",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$rVj4uRgiUtWwH6fRGUnNBw$QaO9spEnPtcAW7DFCZyT5Owj4rzAaXVqghcQuhl0nCI",
      timeZone: "America/New_York",
      city: "Florida",
      sleep: { from: "23:00", to: "06:30" },
      work: { from: "08:30", to: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] },
    },
  ],
  charityName: "Floggers4Change",
  discord: {},
  dailyQuestion: { time: "09:00", timeZone: "Asia/Kolkata" },
  economy: {
    workoutReward: 5,
    workoutRewardsPerDay: 3,
    answerReward: 5,
    guessReward: 3,
    streakFreezesPerMonth: 0,
    awardCapPerDay: 50,
    startingSpanks: 100,
  },
  backups: { time: "03:00", keepDaily: 14, keepWeekly: 8 },
  // Alex in India, Sam in Florida: a long-distance couple.
  couple: { longDistance: true, livingTogether: false, pets: false, spicy: false },
  questions: { revealAfterBothAnswered: false },
  anniversary: "2024-02-14",
};

/**
 * The demo couple as versions before argon2id hashed their passwords: scrypt N=2^17, 128 MiB and
 * most of a second per check. Such hashes are still accepted (a couple need not hash again after
 * an upgrade); the sign-in's queues are tested against this slow check.
 */
export const scryptEraDemoCouple: CoupleConfig = {
  ...demoCouple,
  partners: [
    {
      ...demoCouple.partners[0],
      passwordHash: "scrypt$17$8$1$SVFDxxdo7EZ83ZOa5sQBtQ$T7GsSAE9l-YHMauKX3KkbD1dyIoxMoEOGiyxrWOhnAw",
    },
    {
      ...demoCouple.partners[1],
      passwordHash: "scrypt$17$8$1$WJAYX-MMyHFq18QhvQJJ2w$f0GMTBwU_vcOlwJy9BpKUnXC-t2N8oKBjDBpyfn4Qdo",
    },
  ],
};
