import { describe, expect, it } from "vitest";
import { pageReads } from "./prerender";

describe("a page's reads, worked out at build for the server to ask for with the page", () => {
  it("are the reads its loaders start, each once", async () => {
    expect(await pageReads("/spank-bank")).toEqual([
      "/api/spankTotal",
      "/api/products?page=1&pageSize=24",
      "/api/expired-favours",
    ]);
    expect(await pageReads("/allquestions")).toEqual(["/api/questions?page=1&pageSize=10"]);
  });

  it("are the same whenever they are worked out, however long the page's code takes to load", async () => {
    const dashboard = [
      "/api/quoteOfTheDay",
      "/api/memory",
      "/api/latestQuestion",
      "/api/memories/on-this-day",
      "/api/backup-health",
      "/api/visits?page=1",
      "/api/later-letters?to_you_page=1&from_you_page=1",
      "/api/nudges",
      "/api/streak",
      "/api/guesses/record",
      "/api/expired-favours",
    ];
    for (let run = 0; run < 3; run++) expect(await pageReads("/dashboard"), `run ${run}`).toEqual(dashboard);
  });

  it("leave out a read that names the couple's own settings (the charity): another couple's page asks for another", async () => {
    expect(await pageReads("/floggers4change")).toEqual([]);
  });

  it("are none for a page that reads nothing until asked (search)", async () => {
    expect(await pageReads("/search")).toEqual([]);
  });
});
