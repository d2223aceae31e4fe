import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { specRoutes } from "@spankbank/shared/pages";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "./test/app.js";

/**
 * README "Adding a feature": every place a new route, module or handler file must be listed, checked
 * against what the app serves and what the packages hold, so following the recipe cannot miss one.
 * Each failure names the file to add the entry to.
 */
const repo = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), "utf8");
const modulesIn = (folder: string) =>
  readdirSync(join(repo, folder))
    .filter((name) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name))
    .map((name) => name.replace(/\.tsx?$/, ""));

/** Routes the page never fetches through TanStack Query: the health check, and images (an <img> loads them). */
const NOT_FETCHED_BY_THE_PAGE = new Set(["GET /api/health", "GET /api/media/{id}"]);
/** Routes anyone may call, as server/src/accessControl.test.ts's PUBLIC says: no partner's name to refuse. */
const PUBLIC = new Set(["POST /api/auth/login", "POST /api/auth/passkey-options", "POST /api/auth/passkey"]);

interface Route {
  name: string;
  hasBody: boolean;
}

async function servedRoutes(): Promise<Route[]> {
  const { app } = await buildTestApp();
  await app.ready();
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: object }> } }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      hasBody:
        Object.keys(
          (op.requestBody?.content?.["application/json"]?.schema as { properties?: object })?.properties ?? {},
        ).length > 0,
    })),
  );
}

describe("the 'Adding a feature' recipe (README)", () => {
  it("lists every route the server serves in each test registry, naming the file that misses it", async () => {
    const routes = await servedRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const hostile = read("server/src/hostileInput.test.ts");
    const access = read("server/src/accessControl.test.ts");
    const handlers = readdirSync(join(repo, "web/src/test/handlers")).map((name) =>
      read(`web/src/test/handlers/${name}`),
    );
    const missing: string[] = [];
    for (const { name, hasBody } of routes) {
      const [method, path] = name.split(" ") as [string, string];
      const inTable = new RegExp(`method:\\s*"${method}",\\s*path:\\s*"${path.replace(/[{}]/g, "\\$&")}"`);
      if (!inTable.test(hostile)) missing.push(`${name}: add it to ROUTES in server/src/hostileInput.test.ts`);
      if (hasBody && !PUBLIC.has(name) && !access.includes(`"${name}":`)) {
        missing.push(`${name}: add a valid body to VALID_BODIES in server/src/accessControl.test.ts`);
      }
      const mswPath = path.replace(/\{(\w+)\}/g, ":$1");
      const handled = handlers.some((text) => text.includes(`http.${method.toLowerCase()}("${mswPath}"`));
      if (!NOT_FETCHED_BY_THE_PAGE.has(name) && !handled) {
        missing.push(`${name}: add an msw handler to web/src/test/handlers/<resource>.ts`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("exports every db module and every schema file, naming the file that misses it", () => {
    const exports = JSON.parse(read("db/package.json")).exports as Record<string, { default?: string }>;
    const exported = new Map(Object.entries(exports).map(([subpath, entry]) => [entry.default, subpath]));
    const barrel = read("db/src/schema.ts");
    // The domain's modules sit in db/src, the operations' in db/src/ops; a folder of one job's parts is its index.
    const dbModules = ["db/src", "db/src/ops"].flatMap((folder) => [
      ...modulesIn(folder).map((module) => `${folder}/${module}`),
      ...readdirSync(join(repo, folder))
        .filter((name) => existsSync(join(repo, folder, name, "index.ts")))
        .map((name) => `${folder}/${name}/index`),
    ]);
    const missing = [
      ...dbModules
        .filter((module) => !exported.has(`./dist/${module.slice("db/src/".length)}.js`))
        .map((module) => {
          const name = module
            .replace(/\/index$/, "")
            .split("/")
            .pop();
          return `${module}.ts: add "./${name}" to "exports" in db/package.json`;
        }),
      ...modulesIn("db/src/schema")
        .filter((file) => !barrel.includes(`"./schema/${file}.js"`))
        .map((file) => `db/src/schema/${file}.ts: add export * from "./schema/${file}.js" to db/src/schema.ts`),
    ];
    expect(missing).toEqual([]);
  });

  it("exports every top-level shared module, naming the file that misses it", () => {
    const exported = Object.keys(JSON.parse(read("shared/package.json")).exports as object);
    const missing = modulesIn("shared/src")
      .filter((module) => !exported.includes(`./${module}`))
      .map((module) => `shared/src/${module}.ts: add "./${module}" to "exports" in shared/package.json`);
    expect(missing).toEqual([]);
  });

  it("serves and resets every msw handler file, naming the file that misses it", () => {
    const server = read("web/src/test/server.ts");
    const setup = read("web/src/test/setup.ts");
    const missing: string[] = [];
    for (const file of readdirSync(join(repo, "web/src/test/handlers"))) {
      const module = `"./handlers/${basename(file, ".ts")}"`;
      if (!server.includes(module))
        missing.push(`${file}: spread its handlers into setupServer in web/src/test/server.ts`);
      if (/export function reset/.test(read(`web/src/test/handlers/${file}`)) && !setup.includes(module)) {
        missing.push(`${file}: call its reset in afterEach in web/src/test/setup.ts`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has a web route file for every route of the spec's table, naming the file to add", () => {
    const missing = specRoutes
      .map((route) => (route === "/" ? "index" : route.slice(1)))
      .filter(
        (name) => !["", "_auth/"].some((folder) => existsSync(join(repo, "web/src/routes", `${folder}${name}.tsx`))),
      )
      .map((name) => `/${name}: add web/src/routes/_auth/${name}.tsx (then cd web && npx tsr generate)`);
    expect(missing).toEqual([]);
  });
});
