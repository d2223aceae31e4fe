import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";

/** The repository this checkout is. */
export const repo = fileURLToPath(new URL("../../..", import.meta.url));

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch tree of `files` (repo path -> source), removed after the test. */
export function scratchTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "spankbank-tree-"));
  trees.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

/**
 * A copy of the repo's sources and manifests (what the lint scripts read) with `files` added or
 * replaced: a probe of the real tree.
 */
export function repoCopyWith(files: Record<string, string>): string {
  const root = scratchTree({});
  cpSync(join(repo, "package.json"), join(root, "package.json"));
  for (const dir of ["shared", "db", "server", "web", "bot", "scripts", "e2e"]) {
    cpSync(join(repo, dir), join(root, dir), {
      recursive: true,
      filter: (path) =>
        !/\/(node_modules|dist|dist-ssr|test-results|playwright-report)$/.test(path) &&
        (/(\.[cm]?[jt]sx?|\/package\.json)$/.test(path) || statSync(path).isDirectory()),
    });
  }
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

/** A lint script of scripts/lint run over a tree, as `npm run lint` runs it. */
export function lintScriptOver(script: string, root: string) {
  const run = spawnSync(process.execPath, [join(repo, "scripts", "lint", script), root], { encoding: "utf8" });
  return { failed: run.status !== 0, output: run.stdout + run.stderr };
}
