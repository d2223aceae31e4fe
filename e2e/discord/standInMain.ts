import { createInterface } from "node:readline";
import { DiscordStandIn } from "./standIn";

/**
 * The Discord stand-in as its own process, for `.ci/first-install.sh`: the couple's server with
 * the bot not invited yet. Prints `API <url>` once listening; the line `invite` on stdin adds
 * the bot to the server (then prints `invited`).
 */
const standIn = await new DiscordStandIn({ id: process.argv[2] ?? "900000000000000001", channelIds: [] }).start();
standIn.botInGuild = false;
console.log(`API ${standIn.apiUrl}`);
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "invite") return;
  standIn.botInGuild = true;
  console.log("invited");
});
