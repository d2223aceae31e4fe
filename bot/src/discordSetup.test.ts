import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { deployCommands } from "./deploy.js";
import {
  APP_ID,
  botOnTempDb,
  discord,
  GUILD_ID,
  gateway,
  guildCreate,
  registrations,
  testConfig,
  until,
} from "./test/discord.js";

const INVITED_TO = "900000000000000042";

describe("setting up Discord goes one way round", () => {
  it("deploy-commands prints the invite link first, and when the bot is not in the server yet says to invite it and run again", async () => {
    discord.use(
      http.put(
        `https://discord.com/api/v10/applications/:app/guilds/:guild/commands`,
        () => HttpResponse.json({ message: "Missing Access", code: 50001 }, { status: 403 }),
        { once: true },
      ),
    );
    const said: string[] = [];
    const target = { token: "test-token", appId: APP_ID, guildId: GUILD_ID };
    expect(await deployCommands(target, (text) => said.push(text))).toBe(false);
    const link = `https://discord.com/oauth2/authorize?client_id=${APP_ID}&scope=bot+applications.commands&permissions=274877975616`;
    expect(said[0]).toBe(`Invite the bot to your server with this link (once):\n${link}`);
    expect(said[1]).toContain('Install Link to "None", then turn Bot > Public Bot off');
    expect(said[2]).toBe(
      `The bot is not in server ${GUILD_ID} yet (Discord: Missing Access). Invite the bot with this link, then run this again:\n${link}\n(A running bot registers its commands itself when it joins.)`,
    );
    expect(registrations).toEqual([]);

    said.length = 0;
    expect(await deployCommands(target, (text) => said.push(text))).toBe(true);
    expect(said.at(-1)).toMatch(new RegExp(`^Registered \\d+ commands in server ${GUILD_ID}\\.$`));
    expect(registrations.map((r) => r.guildId)).toEqual([GUILD_ID]);
  });

  it("a running bot registers its commands when it is added to the couple's server, and only there", async () => {
    const config = { ...testConfig, discord: { ...testConfig.discord, guildId: INVITED_TO } };
    const { client } = botOnTempDb(config);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      gateway(client, "GUILD_CREATE", guildCreate("900000000000000044", ["900000000000000045"]));
      gateway(client, "GUILD_CREATE", guildCreate(INVITED_TO, ["900000000000000043"]));
      await until(() => registrations.length > 0);
      expect(registrations.map((r) => r.guildId)).toEqual([INVITED_TO]);
      expect(log).toHaveBeenCalledWith(
        `The bot was added to server 900000000000000044, which is not discord.guildId in the couple config: it works only in ${INVITED_TO}.`,
      );
    } finally {
      log.mockRestore();
    }
  });
});
