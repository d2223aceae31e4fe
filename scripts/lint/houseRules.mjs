// `npm run lint`, after Biome: the house rules Biome cannot express (README, Import boundaries).
// Import boundaries that depend on where the importing file and the imported file sit:
//   imports-follow-layers: a package imports only the packages below it (LAYERS): shared imports
//     nothing of ours; db imports shared; server, bot and scripts import db and shared; web imports shared.
//   relative-import-stays-in-package: a relative import never leaves its workspace package; import
//     another package by its name, through its `exports` (e2e/ and the root configs belong to no package).
//   feature-imports-own-internals: web/src/features/X imports nothing of web/src/features/Y but
//     Y's query keys (features/Y/api/keys), so a mutation can refresh what it changed elsewhere.
// One precedent for query keys:
//   query-keys-from-factories: a web query key is built by its feature's key factory
//     (web/src/features/<feature>/api/keys.ts), never written inline as an array, so a refresh
//     elsewhere names exactly the key the read uses.
// One precedent for page loaders:
//   data-routes-load-first: every route file (web/src/routes/**) that shows a feature with reads
//     (an api/ file with queryOptions) has a `loader` awaiting `queryClient.ensureQueryData(...)` for
//     what it shows first (whenSettled: a slow read shows the page with its loading texts after a
//     second). The router context's features (web/src/app/routerContext.ts) are in hand before any route.
// And one precedent for limits:
//   limits-live-in-shared: a limit is declared only in shared/src/limits.ts, so the page, the server,
//     the domain and the bot agree on it. A limit is a named number that caps or floors something:
//     its name says so (MAX, MIN or LIMIT anywhere in it) or the code bounds with it (`.max(N)`,
//     `.min(N)`, `.slice(0, N)`, `limit: N`). Durations (`*_MS`) are timings, not limits: they live
//     beside what they time.
// Usage: node scripts/lint/houseRules.mjs [root]. Exits 1 and names every violation.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";

/** The package graph: each workspace package and the packages of ours it may import. */
export const LAYERS = {
  shared: [],
  db: ["shared"],
  server: ["db", "shared"],
  bot: ["db", "shared"],
  web: ["shared"],
  scripts: ["db", "shared"],
};
const PACKAGES = Object.keys(LAYERS);
const SKIP = new Set(["node_modules", "dist", "test-results", "playwright-report", "migrations"]);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
// Static imports and re-exports, side-effect imports, dynamic import() and require().
const SPECIFIERS = [
  /\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];

function sourceFiles(root, dir = "") {
  const files = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith(".") || SKIP.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...sourceFiles(root, path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".gen.ts")) files.push(path);
  }
  return files;
}

/** The workspace package a repo path belongs to; files outside every package (e2e/, configs) are the root's. */
function packageOf(path) {
  const first = path.split("/")[0];
  return PACKAGES.includes(first) ? first : "(root)";
}

/** web/src/features/<name>/..., else undefined. */
function featureOf(path) {
  return /^web\/src\/features\/([^/]+)\//.exec(path)?.[1];
}

/** Where a relative or web `@/` specifier points, as a repo path; undefined for a package name. */
function target(file, specifier) {
  if (specifier.startsWith("@/") && packageOf(file) === "web") return `web/src/${specifier.slice(2)}`;
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return posix.normalize(posix.join(posix.dirname(file), specifier));
  }
  return undefined;
}

// `queryKey: [` and a cache call whose key is an array literal (`setQueryData([`...).
const INLINE_QUERY_KEY = /\bqueryKey\s*:\s*\[|\.(?:get|set)Query(?:Data|State)\s*(?:<[^>]*>)?\(\s*\[/g;
const KEY_FACTORY = /^web\/src\/features\/[^/]+\/api\/keys\.ts$/;

/** The line (1-based) of a character offset. */
const lineAt = (text, index) => text.slice(0, index).split("\n").length;

// An upper-case constant whose value is a number (`100`, `8 * 1024 * 1024`).
const NUMBER_CONSTANT =
  /^\s*(?:export\s+)?const\s+([A-Z][A-Z0-9_]*)\s*(?::\s*number\s*)?=\s*[\d_]+(?:\s*[*+]\s*[\d_]+)*\s*;/gm;
const LIMIT_NAME = /(?:^|_)(?:MAX|MIN|LIMIT)(?:_|$)/;
const LIMITS_FILE = "shared/src/limits.ts";

/** The limits `text` declares: numbers named as caps or floors, or used as one. */
function limitsDeclared(text) {
  const limits = [];
  for (const [, name] of text.matchAll(NUMBER_CONSTANT)) {
    if (name.endsWith("_MS")) continue;
    const bound = new RegExp(
      `\\.(?:max|min|limit)\\(\\s*${name}\\b|\\.slice\\(\\s*0\\s*,\\s*${name}\\b|\\blimit\\s*:\\s*${name}\\b`,
    );
    if (LIMIT_NAME.test(name) || bound.test(text)) limits.push(name);
  }
  return limits;
}

/** The features whose web/src/features/<name>/api/ has a read (a file with queryOptions). */
function featuresWithReads(root) {
  const features = join(root, "web/src/features");
  if (!existsSync(features)) return new Set();
  return new Set(
    readdirSync(features).filter((feature) => {
      const api = join(features, feature, "api");
      return (
        existsSync(api) &&
        readdirSync(api).some(
          (file) => SOURCE.test(file) && /queryOptions/i.test(readFileSync(join(api, file), "utf8")),
        )
      );
    }),
  );
}

/** The features a file imports through `@/features/<name>/`. */
const featuresImported = (text) => [...text.matchAll(/["']@\/features\/([^/"']+)\//g)].map((m) => m[1]);

/** The package of ours a specifier names (`@spankbank/db/client` -> db), else undefined. */
const ourPackage = (specifier) => /^@spankbank\/([^/]+)/.exec(specifier)?.[1];

export function houseRuleViolations(root) {
  const violations = [];
  const withReads = featuresWithReads(root);
  const contextFile = join(root, "web/src/app/routerContext.ts");
  const inContext = new Set(existsSync(contextFile) ? featuresImported(readFileSync(contextFile, "utf8")) : []);
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), "utf8");
    // Product source only: build and bench tooling (web/scripts, scripts/bench) keeps its own knobs.
    const productSource = /^[^/]+\/src\//.test(file) && packageOf(file) !== "(root)";
    if (productSource && file !== LIMITS_FILE && !/\.(test|spec)\.tsx?$/.test(file)) {
      for (const name of limitsDeclared(text)) {
        violations.push(
          `${file}: declares the limit ${name}. House rule "limits-live-in-shared": declare it in ${LIMITS_FILE} and import it from @spankbank/shared/limits.`,
        );
      }
    }
    if (packageOf(file) === "web" && !KEY_FACTORY.test(file)) {
      for (const match of text.matchAll(INLINE_QUERY_KEY)) {
        const factory = `web/src/features/${featureOf(file) ?? "<feature>"}/api/keys.ts`;
        violations.push(
          `${file}:${lineAt(text, match.index)}: writes a query key inline. House rule "query-keys-from-factories": ` +
            `build it with the feature's key factory in ${factory} (another feature's keys come from its own api/keys.ts).`,
        );
      }
    }
    if (/^web\/src\/routes\//.test(file)) {
      const dataFeatures = featuresImported(text).filter(
        (feature) => withReads.has(feature) && !inContext.has(feature),
      );
      const loads = /\bloader\s*:/.test(text) && /\.ensureQueryData\(/.test(text);
      if (dataFeatures.length > 0 && !loads) {
        violations.push(
          `${file}: shows ${[...new Set(dataFeatures)].join(", ")} data without a loader. House rule "data-routes-load-first": ` +
            "give the route a `loader` returning whenSettled(queryClient.ensureQueryData(<feature>QueryOptions), ...) " +
            "(web/src/lib/loaders.ts), as web/src/routes/_auth/spank-bank.tsx does.",
        );
      }
    }
    const specifiers = new Set(SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1])));
    for (const specifier of specifiers) {
      const imported = ourPackage(specifier);
      const layer = LAYERS[packageOf(file)];
      if (imported && layer && imported !== packageOf(file) && !layer.includes(imported)) {
        violations.push(
          `${file}: imports "${specifier}", but ${packageOf(file)} may import ${layer.length > 0 ? layer.join(" and ") : "no package of ours"}. ` +
            'Import boundary "imports-follow-layers": shared imports nothing of ours; db imports shared; ' +
            "server, bot and scripts import db and shared; web imports shared. Move what both need down a layer.",
        );
        continue;
      }
      const to = target(file, specifier);
      if (to === undefined) continue;
      // e2e/ and the root configs are no package: they drive the whole product and may read any part.
      const leaves = to.startsWith("../") || (packageOf(file) !== "(root)" && packageOf(to) !== packageOf(file));
      if (!specifier.startsWith("@/") && leaves) {
        violations.push(
          `${file}: imports "${specifier}", which leaves ${packageOf(file)} for ${to.startsWith("../") ? "outside the repo" : packageOf(to)}. ` +
            `Import boundary "relative-import-stays-in-package": import it by package name (@spankbank/${packageOf(to)}/...) through that package's "exports".`,
        );
        continue;
      }
      const from = featureOf(file);
      const into = featureOf(to);
      if (from && into && from !== into && !/^web\/src\/features\/[^/]+\/api\/keys(\.[jt]sx?)?$/.test(to)) {
        violations.push(
          `${file}: imports "${specifier}", an internal of feature ${into}. ` +
            `Import boundary "feature-imports-own-internals": a feature imports only another feature's query keys (features/${into}/api/keys); ` +
            "move what both need to web/src/lib or web/src/components, or compose the two in the route.",
        );
      }
    }
  }
  return violations;
}

const invoked = process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === "";
if (invoked) {
  const root = process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), "..", "..");
  const violations = houseRuleViolations(root);
  for (const violation of violations) console.error(violation.split(sep).join("/"));
  if (violations.length > 0) {
    console.error(`\n${violations.length} house rule violation(s) (README, Import boundaries).`);
    process.exit(1);
  }
  console.log(
    "House rules: every import follows the layers and stays inside its package and its feature; every query key comes from a key factory; every data page has a loader; every limit is in shared.",
  );
}
