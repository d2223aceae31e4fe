import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lintScriptOver, repo, repoCopyWith, scratchTree } from "./test/repoCopy.js";

// The two halves of `npm run lint`'s house rules (README, Import boundaries), run as the lint runs them.
const biome = join(repo, "node_modules", ".bin", "biome");

/** Biome's lint of `source` as the file `path`, under the repo's biome.json (no git in the scratch tree). */
function lintAs(path: string, source: string) {
  const config = { ...JSON.parse(readFileSync(join(repo, "biome.json"), "utf8")), vcs: { enabled: false } };
  config.$schema = undefined;
  const root = scratchTree({ "biome.json": JSON.stringify(config), [path]: source });
  const run = spawnSync(biome, ["lint", path], { cwd: root, encoding: "utf8" });
  return { failed: run.status !== 0, output: run.stdout + run.stderr };
}

/** `import { name } from "specifier";`, built so this file's own imports are not mistaken for it. */
const importLine = (name: string, specifier: string) => `import { ${name} } from ${JSON.stringify(specifier)};\n`;

/** scripts/lint/houseRules.mjs over a tree. */
const houseRulesOver = (root: string) => lintScriptOver("houseRules.mjs", root);

/** scripts/lint/houseRules.mjs over a scratch tree of `files`. */
const graphOf = (files: Record<string, string>) => houseRulesOver(scratchTree(files));

/** scripts/lint/houseRules.mjs over a copy of the repo with `files` added: a probe of the real tree. */
const repoWith = (files: Record<string, string>) => houseRulesOver(repoCopyWith(files));

const PACKAGES = ["shared", "db", "server", "bot", "web", "scripts"] as const;
/** The package graph (README, Import boundaries), edge by edge: who may import whom of ours. */
const ALLOWED_EDGES = new Set([
  "db -> shared",
  "server -> db",
  "server -> shared",
  "bot -> db",
  "bot -> shared",
  "web -> shared",
  "scripts -> db",
  "scripts -> shared",
]);
const allowed = (from: string, to: string) => ALLOWED_EDGES.has(`${from} -> ${to}`);
/** What the rule says `from` may import. */
const mayImport = (from: string) =>
  PACKAGES.filter((to) => allowed(from, to))
    .sort()
    .join(" and ") || "no package of ours";

describe("Biome's restricted imports", () => {
  it("fails drizzle-orm outside db and allows it in db", () => {
    const source = 'import { sql } from "drizzle-orm";\nexport const query = sql`SELECT 1`;\n';
    const bot = lintAs("bot/src/commands/wishes.ts", source);
    expect(bot.failed).toBe(true);
    expect(bot.output).toContain('Import boundary "only-db-touches-sqlite"');
    expect(lintAs("db/src/wishes.ts", source).failed).toBe(false);
  });

  it("allows web to import the shared package", () => {
    const source = 'import { LETTER_MAX } from "@spankbank/shared/limits";\nexport const max = LETTER_MAX;\n';
    expect(lintAs("web/src/features/wishes/max.ts", source)).toEqual({ failed: false, output: expect.any(String) });
  });
});

describe("scripts/lint/houseRules.mjs", () => {
  it("passes the repo as it is", () => {
    expect(houseRulesOver(repo)).toEqual({ failed: false, output: expect.stringContaining("House rules:") });
  });

  it("fails every import against the package graph, naming the file and the rule, and allows every edge of it", () => {
    const edges = PACKAGES.flatMap((from) => PACKAGES.filter((to) => to !== from).map((to) => ({ from, to })));
    const forbidden = edges.filter(({ from, to }) => !allowed(from, to));
    expect(forbidden).toHaveLength(22);
    const files = Object.fromEntries(
      forbidden.map(({ from, to }) => [`${from}/src/probe-${to}.ts`, importLine("x", `@spankbank/${to}/anything`)]),
    );
    const { failed, output } = repoWith(files);
    expect(failed).toBe(true);
    for (const { from, to } of forbidden) {
      expect(output).toContain(
        `${from}/src/probe-${to}.ts: imports "@spankbank/${to}/anything", but ${from} may import ${mayImport(from)}. Import boundary "imports-follow-layers"`,
      );
    }
    expect(output).toContain(`${forbidden.length} house rule violation(s)`);
    const fineEdges = edges.filter(({ from, to }) => allowed(from, to));
    const fine = graphOf(
      Object.fromEntries(
        fineEdges.map(({ from, to }) => [`${from}/src/probe-${to}.ts`, importLine("x", `@spankbank/${to}/anything`)]),
      ),
    );
    expect(fine).toEqual({ failed: false, output: expect.stringContaining("House rules:") });
  });

  it("fails a dynamic import or a test file against the package graph too", () => {
    const { failed, output } = graphOf({
      "shared/src/probe.ts": 'export const load = () => import("@spankbank/db/client");\n',
      "db/src/probe.test.ts": importLine("buildApp", "@spankbank/server/app"),
    });
    expect(failed).toBe(true);
    expect(output).toContain('shared/src/probe.ts: imports "@spankbank/db/client", but shared may import no package');
    expect(output).toContain('db/src/probe.test.ts: imports "@spankbank/server/app", but db may import shared.');
  });

  it("fails a relative import that leaves its package, naming the file and the rule", () => {
    const { failed, output } = graphOf({
      "db/src/test/kit.ts": "export const kit = 1;\n",
      "bot/src/wishes.test.ts": importLine("kit", "../../db/src/test/kit.js"),
    });
    expect(failed).toBe(true);
    expect(output).toContain('bot/src/wishes.test.ts: imports "../../db/src/test/kit.js", which leaves bot for db');
    expect(output).toContain('Import boundary "relative-import-stays-in-package"');
  });

  it("fails a feature importing another feature's internals and allows its query keys", () => {
    const internals = graphOf({
      "web/src/features/wishes/components/WishList.tsx": importLine("partner", "@/features/session/partner"),
    });
    expect(internals.failed).toBe(true);
    expect(internals.output).toContain('Import boundary "feature-imports-own-internals"');
    const keys = graphOf({
      "web/src/features/wishes/api/addWish.ts": importLine("spankBankKeys", "@/features/spank-bank/api/keys"),
      "web/src/features/wishes/components/WishList.tsx": importLine("wishKeys", "../api/keys"),
      "web/src/routes/wishes.tsx": importLine("WishList", "@/features/wishes/components/WishList"),
    });
    expect(keys).toEqual({ failed: false, output: expect.stringContaining("House rules:") });
  });

  it("fails a query key written inline outside a key factory, naming the factory file, and allows the factory's keys", () => {
    const inline = graphOf({
      "web/src/features/wishes/api/getWishes.ts": 'export const wishesQueryOptions = { queryKey: ["wishes"] };\n',
      "web/src/features/wishes/api/addWish.ts":
        'export const refresh = (client) => client.setQueryData(["wishes"], []);\n',
    });
    expect(inline.failed).toBe(true);
    expect(inline.output).toContain(
      'web/src/features/wishes/api/getWishes.ts:1: writes a query key inline. House rule "query-keys-from-factories": build it with the feature\'s key factory in web/src/features/wishes/api/keys.ts',
    );
    expect(inline.output).toContain("web/src/features/wishes/api/addWish.ts:1: writes a query key inline.");
    const factory = graphOf({
      "web/src/features/wishes/api/keys.ts": 'export const wishKeys = { all: ["wishes"] as const };\n',
      "web/src/features/wishes/api/getWishes.ts": `${importLine("wishKeys", "./keys")}export const wishesQueryOptions = { queryKey: wishKeys.all };\n`,
    });
    expect(factory).toEqual({ failed: false, output: expect.stringContaining("House rules:") });
  });

  it("fails a signed-in page showing a feature's data without a loader, and allows one with ensureQueryData", () => {
    const page = (route: string) => ({
      "web/src/features/wishes/api/getWishes.ts": "export const wishesQueryOptions = {};\n",
      "web/src/routes/_auth/wishes.tsx": `${importLine("WishList", "@/features/wishes/components/WishList")}${route}`,
    });
    const bare = graphOf(page('export const Route = createFileRoute("/_auth/wishes")({ component: WishList });\n'));
    expect(bare.failed).toBe(true);
    expect(bare.output).toContain(
      'web/src/routes/_auth/wishes.tsx: shows wishes data without a loader. House rule "data-routes-load-first"',
    );
    const loaded = graphOf(
      page(
        'export const Route = createFileRoute("/_auth/wishes")({\n' +
          "  loader: ({ context: { queryClient } }) => whenSettled(queryClient.ensureQueryData(wishesQueryOptions)),\n" +
          "  component: WishList,\n});\n",
      ),
    );
    expect(loaded).toEqual({ failed: false, output: expect.stringContaining("House rules:") });
  });

  it("reads every route folder for a page without a loader, not only _auth/, in the real tree", () => {
    const route = (path: string) =>
      `${importLine("MemoryList", "@/features/memories/components/MemoryList")}` +
      `export const Route = createFileRoute(${JSON.stringify(path)})({ component: MemoryList });\n`;
    const { failed, output } = repoWith({
      "web/src/routes/_auth.probe.tsx": route("/_auth/probe"),
      "web/src/routes/_auth/nested/probe.tsx": route("/_auth/nested/probe"),
      "web/src/routes/probe.tsx": route("/probe"),
    });
    expect(failed).toBe(true);
    for (const file of ["_auth.probe.tsx", "_auth/nested/probe.tsx", "probe.tsx"]) {
      expect(output).toContain(
        `web/src/routes/${file}: shows memories data without a loader. House rule "data-routes-load-first"`,
      );
    }
    expect(output).toContain("3 house rule violation(s)");
  });

  it("fails a limit declared outside shared/src/limits.ts, naming the file to move it to", () => {
    const outside = graphOf({ "db/src/wishes.ts": "export const WISH_TEXT_MAX = 200;\n" });
    expect(outside.failed).toBe(true);
    expect(outside.output).toContain(
      'db/src/wishes.ts: declares the limit WISH_TEXT_MAX. House rule "limits-live-in-shared": declare it in shared/src/limits.ts',
    );
    expect(graphOf({ "shared/src/limits.ts": "export const WISH_TEXT_MAX = 200;\n" }).failed).toBe(false);
  });

  it("fails a limit by what it is, whatever its name, in the real tree, and leaves timings alone", () => {
    const { failed, output } = repoWith({
      "web/src/features/wishes/limits.ts": "export const MAX_WISHES = 50;\n",
      "web/src/features/story/engine/recalls.ts": "const MAX_RECALLS = 3;\nexport const recalls = MAX_RECALLS;\n",
      "db/src/choices.ts": "const MAX_CHOICES = 1000;\nexport const choices = MAX_CHOICES;\n",
      "server/src/wishText.ts":
        'import { z } from "zod";\nconst WISH_LENGTH = 200;\nexport const wishText = z.string().max(WISH_LENGTH);\n',
      "bot/src/firstWishes.ts":
        "const SHOWN = 5;\nexport const firstWishes = (wishes: string[]) => wishes.slice(0, SHOWN);\n",
      "bot/src/history.ts": "const PAGE = 100;\nexport const page = { limit: PAGE };\n",
      "server/src/timing.ts": "const RETRY_MAX_MS = 5 * 60_000;\nexport const retry = RETRY_MAX_MS;\n",
    });
    expect(failed).toBe(true);
    for (const [file, name] of [
      ["web/src/features/wishes/limits.ts", "MAX_WISHES"],
      ["web/src/features/story/engine/recalls.ts", "MAX_RECALLS"],
      ["db/src/choices.ts", "MAX_CHOICES"],
      ["server/src/wishText.ts", "WISH_LENGTH"],
      ["bot/src/firstWishes.ts", "SHOWN"],
      ["bot/src/history.ts", "PAGE"],
    ]) {
      expect(output).toContain(`${file}: declares the limit ${name}. House rule "limits-live-in-shared"`);
    }
    expect(output).not.toContain("RETRY_MAX_MS");
    expect(output).toContain("6 house rule violation(s)");
  });
});
