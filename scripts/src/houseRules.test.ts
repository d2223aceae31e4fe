import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// The two halves of `npm run lint`'s house rules (README, Import boundaries), run as the lint runs them.
const repo = fileURLToPath(new URL("../..", import.meta.url));
const biome = join(repo, "node_modules", ".bin", "biome");
const houseRules = join(repo, "scripts", "lint", "houseRules.mjs");

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch tree of `files` (repo path -> source). */
function scratchTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "spankbank-imports-"));
  trees.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

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

/** scripts/lint/houseRules.mjs over a scratch tree of `files`. */
function graphOf(files: Record<string, string>) {
  const root = scratchTree(files);
  const run = spawnSync(process.execPath, [houseRules, root], { encoding: "utf8" });
  return { failed: run.status !== 0, output: run.stdout + run.stderr };
}

describe("Biome's restricted imports", () => {
  it("fails a web file that imports @spankbank/db, naming the rule", () => {
    const { failed, output } = lintAs(
      "web/src/features/wishes/api/getWishes.ts",
      'import { openDb } from "@spankbank/db/client";\nexport const db = openDb;\n',
    );
    expect(failed).toBe(true);
    expect(output).toContain('Import boundary "web-imports-only-shared"');
  });

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
          "  pendingComponent: WishList,\n  component: WishList,\n});\n",
      ),
    );
    expect(loaded).toEqual({ failed: false, output: expect.stringContaining("House rules:") });
  });

  it("fails a limit declared outside shared/src/limits.ts, naming the file to move it to", () => {
    const outside = graphOf({ "db/src/wishes.ts": "export const WISH_TEXT_MAX = 200;\n" });
    expect(outside.failed).toBe(true);
    expect(outside.output).toContain(
      'db/src/wishes.ts: declares the limit WISH_TEXT_MAX. House rule "limits-live-in-shared": declare it in shared/src/limits.ts',
    );
    expect(graphOf({ "shared/src/limits.ts": "export const WISH_TEXT_MAX = 200;\n" }).failed).toBe(false);
  });
});
