// `npm run lint`, after the house rules: every package a source file imports is declared by the
// package the file belongs to (its package.json), so a package installs and builds on its own.
// Files outside every workspace (e2e/, the root configs) answer to the root package.json; the
// root's devDependencies (vitest, msw, the bench's load tools) serve every package.
// TypeScript's own scanner reads the imports (static, type-only, dynamic, require), not strings.
// Usage: node scripts/lint/declaredDependencies.mjs [root]. Exits 1 and names every undeclared import.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

const SKIP = new Set(["node_modules", "dist", "dist-ssr", "test-results", "playwright-report", "migrations"]);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sourceFiles(root, dir = "") {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || SKIP.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const manifestOf = (root, dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
const namesIn = (manifest, ...fields) => fields.flatMap((field) => Object.keys(manifest[field] ?? {}));

/** The package a bare specifier names (`@scope/name/sub` -> `@scope/name`); undefined for a path or a builtin. */
function packageNamed(specifier) {
  if (/^(\.|\/|@\/|node:|virtual:)/.test(specifier)) return undefined;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  return builtinModules.includes(name) ? undefined : name;
}

/** Every import of a package its importing file's package.json does not declare, as "file: ..." lines. */
export function undeclaredImports(root) {
  const rootManifest = manifestOf(root, ".");
  const shared = new Set(namesIn(rootManifest, "dependencies", "devDependencies"));
  const workspaces = new Map(
    (rootManifest.workspaces ?? []).map((dir) => {
      const manifest = manifestOf(root, dir);
      const names = [manifest.name, ...namesIn(manifest, "dependencies", "devDependencies", "peerDependencies")];
      return [dir, { manifest: `${dir}/package.json`, declared: new Set(names) }];
    }),
  );
  const ours = new Set([...workspaces.values()].map(({ declared }) => [...declared][0]));
  const violations = [];
  for (const file of sourceFiles(root)) {
    // e2e/ and the root configs drive the whole product: every workspace package is theirs to import.
    const owner = workspaces.get(file.split("/")[0]) ?? { manifest: "package.json", declared: ours };
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    const names = new Set(importedFiles.map(({ fileName }) => packageNamed(fileName)).filter(Boolean));
    for (const name of names) {
      if (!owner.declared.has(name) && !shared.has(name)) {
        violations.push(
          `${file}: imports ${name}, which ${owner.manifest} does not declare. ` +
            `Declare it in ${owner.manifest} (dependencies, or devDependencies for a test or a tool).`,
        );
      }
    }
  }
  return violations;
}

const invoked = process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === "";
if (invoked) {
  const root = process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), "..", "..");
  const violations = undeclaredImports(root);
  for (const violation of violations) console.error(violation);
  if (violations.length > 0) {
    console.error(`\n${violations.length} undeclared import(s) (README, Import boundaries).`);
    process.exit(1);
  }
  console.log("Declared dependencies: every package imported is declared where it is imported.");
}
