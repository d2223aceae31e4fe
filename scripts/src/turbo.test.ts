import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const wrapper = `${root}scripts/turbo.mjs`;
const turbo = createRequire(import.meta.url).resolve("turbo/bin/turbo");
const dryRun = ["run", "build", "--dry=json", "--filter=@spankbank/shared"];

/** The cache key turbo would use for shared's build. */
function buildHash(command: string[], env: Record<string, string | undefined>): string {
  const environment = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete environment[name];
  const out = execFileSync(process.execPath, command, { cwd: root, env: environment, encoding: "utf8" });
  const dry = JSON.parse(out.slice(out.indexOf("{"))) as { tasks: { taskId: string; hash: string }[] };
  return dry.tasks.find((task) => task.taskId === "@spankbank/shared#build")!.hash;
}

describe("turbo through scripts/turbo.mjs", () => {
  it("keys the cache on the running Node's version, so a build cached under one Node is not replayed under another", () => {
    const throughWrapper = buildHash([wrapper, ...dryRun], { SPANKBANK_NODE: undefined });
    const sameNode = buildHash([turbo, ...dryRun], {
      SPANKBANK_NODE: `${process.version} ${process.platform}-${process.arch}`,
    });
    const otherNode = buildHash([turbo, ...dryRun], { SPANKBANK_NODE: `v24.0.0 ${process.platform}-${process.arch}` });
    expect(throughWrapper).toBe(sameNode);
    expect(throughWrapper).not.toBe(otherNode);
  });
});
