import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lintScriptOver, repo, repoCopyWith } from "./test/repoCopy.js";

// scripts/lint/declaredDependencies.mjs, part of `npm run lint`: each package declares what it imports.
const declaredOver = (root: string) => lintScriptOver("declaredDependencies.mjs", root);

/** A package.json of the repo with `change` applied to it. */
function manifestWith(path: string, change: (manifest: Record<string, Record<string, string>>) => void) {
  const manifest = JSON.parse(readFileSync(join(repo, path), "utf8"));
  change(manifest);
  return JSON.stringify(manifest);
}

describe("declared dependencies, for every package", () => {
  it("pass the repo as it is", () => {
    expect(declaredOver(repo)).toEqual({ failed: false, output: expect.stringContaining("Declared dependencies:") });
  });

  it("fail an import each package does not declare, static, type-only, dynamic or required, naming file and manifest", () => {
    const probes = {
      "shared/src/probe.ts": 'import { z } from "zod";\nimport left from "left-pad";\nexport const p = [z, left];\n',
      "db/src/probe.ts": 'import type { FastifyInstance } from "fastify";\nexport type P = FastifyInstance;\n',
      "server/src/probe.test.ts": 'export const load = () => import("discord.js");\n',
      "bot/src/probe.ts":
        'import { Cron } from "croner";\nimport "@mantine/core/styles.css";\nexport const p = Cron;\n',
      "web/scripts/probe.cjs": 'module.exports = require("drizzle-orm");\n',
      "scripts/bench/probe.mjs":
        'import lighthouse from "lighthouse";\nimport zip from "yazl";\nexport const p = [lighthouse, zip];\n',
      "e2e/probe.ts":
        'import { openDb } from "@spankbank/db/client";\nimport express from "express";\nexport const p = [openDb, express];\n',
    };
    const { failed, output } = declaredOver(repoCopyWith(probes));
    expect(failed).toBe(true);
    for (const [file, name, manifest] of [
      ["shared/src/probe.ts", "left-pad", "shared/package.json"],
      ["db/src/probe.ts", "fastify", "db/package.json"],
      ["server/src/probe.test.ts", "discord.js", "server/package.json"],
      ["bot/src/probe.ts", "@mantine/core", "bot/package.json"],
      ["web/scripts/probe.cjs", "drizzle-orm", "web/package.json"],
      ["scripts/bench/probe.mjs", "yazl", "scripts/package.json"],
      ["e2e/probe.ts", "express", "package.json"],
    ]) {
      expect(output).toContain(`${file}: imports ${name}, which ${manifest} does not declare.`);
    }
    // zod is shared's, croner the bot's, lighthouse the root's tools, and e2e drives every package.
    expect(output).toContain("7 undeclared import(s)");
  });

  it("fail the bench and the icon renderer when their packages are not declared where they are used", () => {
    const { failed, output } = declaredOver(
      repoCopyWith({
        "scripts/package.json": manifestWith("scripts/package.json", (manifest) => {
          manifest.devDependencies = {};
        }),
        "web/package.json": manifestWith("web/package.json", (manifest) => {
          delete manifest.devDependencies!["playwright-core"];
        }),
      }),
    );
    expect(failed).toBe(true);
    expect(output).toContain(
      "scripts/bench/bench.mjs: imports better-sqlite3, which scripts/package.json does not declare.",
    );
    expect(output).toContain(
      "scripts/src/bench/baseline.ts: imports fastify, which scripts/package.json does not declare.",
    );
    expect(output).toContain(
      "scripts/bench/bench-web.mjs: imports chrome-launcher, which scripts/package.json does not declare.",
    );
    expect(output).toContain(
      "web/scripts/render-icons.mjs: imports playwright-core, which web/package.json does not declare.",
    );
  });
});
