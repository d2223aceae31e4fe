import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;
/** Test tools (vitest, fast-check) are the root workspace's. */
const rootManifest = JSON.parse(readFileSync(join(root, "..", "package.json"), "utf8")) as Manifest;

/** The package an import names: `@scope/name` or `name`, without its subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("the server's imports", () => {
  // The server reaches the database only through @spankbank/db's domain modules (SQL lives there).
  it("name only packages server/package.json declares (no drizzle-orm, no better-sqlite3)", () => {
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
      ...Object.keys(rootManifest.devDependencies ?? {}),
    ]);
    const undeclared = new Set<string>();
    for (const file of sourceFiles(join(root, "src"))) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(
        /^\s*(?:(?:import|export)\b[^;"]*?\bfrom|import)\s*"([^".][^"]*)"/gm,
      )) {
        const name = packageOf(specifier!);
        if (!name.startsWith("node:") && !builtinModules.includes(name) && !declared.has(name)) {
          undeclared.add(`${name} (${file.slice(root.length + 1)})`);
        }
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});
