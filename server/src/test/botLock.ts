import { type Db, openDb } from "@spankbank/db/client";
import { onTestFinished } from "vitest";

/**
 * The bot's connection takes the write lock for 150 ms as soon as `failures` sign-in failures are
 * recorded: a sign-in under way has counted its try and meets the lock at its session's write.
 */
export function botWritesOnceCounted(db: Db, failures: number): void {
  const bot = openDb(db.$client.name).$client;
  const counted = bot.prepare("SELECT count(*) AS n FROM login_failures");
  let commit: NodeJS.Timeout | undefined;
  let watch: NodeJS.Immediate | undefined;
  const look = () => {
    if ((counted.get() as { n: number }).n < failures) {
      watch = setImmediate(look);
      return;
    }
    bot.exec("BEGIN IMMEDIATE");
    commit = setTimeout(() => bot.exec("COMMIT"), 150);
  };
  look();
  onTestFinished(() => {
    clearImmediate(watch);
    clearTimeout(commit);
    bot.close();
  });
}
