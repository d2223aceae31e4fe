/** The whole database schema, importable without opening a file. */
export * from "./schema/backups.js";
export * from "./schema/bounties.js";
export * from "./schema/delivery.js";
export * from "./schema/economy.js";
export * from "./schema/letters.js";
export * from "./schema/market.js";
export * from "./schema/memories.js";
export * from "./schema/nudges.js";
export * from "./schema/passkeys.js";
export * from "./schema/people.js";
export * from "./schema/questions.js";
export * from "./schema/visits.js";
