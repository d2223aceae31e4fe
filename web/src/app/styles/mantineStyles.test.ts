import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Mantine's stylesheets are split by hand between firstScreenStyles.ts and pageStyles.ts (the first
// load carries only the first): a component whose stylesheet is in neither renders unstyled.
// Vitest runs in web/ (jsdom gives this module no file URL to start from).
const src = join(process.cwd(), "src");
const here = join(src, "app", "styles");
const mantineStyles = join(process.cwd(), "..", "node_modules", "@mantine", "core", "styles");
const stylesheets = (file: string) =>
  [...readFileSync(join(here, file), "utf8").matchAll(/import "@mantine\/core\/styles\/([\w-]+)\.css";/g)].map(
    (match) => match[1]!,
  );

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every component the page imports from @mantine/core that has a stylesheet of its own. */
function usedComponentsWithStyles(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]+)\}\s*from\s*"@mantine\/core"/g)) {
      for (const name of match[1]!.split(",")) {
        const component = name
          .replace(/^\s*type\s+/, "")
          .split(" as ")[0]!
          .trim();
        if (component && existsSync(join(mantineStyles, `${component}.css`))) names.add(component);
      }
    }
  }
  return [...names].sort();
}

describe("Mantine's stylesheets, split between the first screens and the rest", () => {
  const first = stylesheets("firstScreenStyles.ts");
  const rest = stylesheets("pageStyles.ts");

  it("load the stylesheet of every Mantine component the page uses", () => {
    const used = usedComponentsWithStyles();
    expect(used).toContain("Button");
    const missing = used
      .filter((component) => !first.includes(component) && !rest.includes(component))
      .map(
        (component) =>
          `${component}: add import "@mantine/core/styles/${component}.css" to web/src/app/styles/pageStyles.ts, or to firstScreenStyles.ts if / or /signin (or the layout around them) shows it: /signin loads no other`,
      );
    expect(missing).toEqual([]);
  });

  it("load each stylesheet once, and only ones Mantine has", () => {
    const both = [...first, ...rest];
    expect(both.filter((name, i) => both.indexOf(name) !== i)).toEqual([]);
    expect(both.filter((name) => !existsSync(join(mantineStyles, `${name}.css`)))).toEqual([]);
  });
});
