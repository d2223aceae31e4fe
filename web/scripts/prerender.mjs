// Writes dist/prerendered/{landing,signin}.html: index.html with / and /signin rendered into #root
// (src/prerender.tsx, built into dist-ssr/ by `vite build --ssr`) and their stylesheets linked, so
// they paint styled. dist/prerendered.json names them for the server. Also dist/page-reads.json:
// for each page's path, the API reads its loaders start (src/prerender.tsx's pageReads), which the
// server asks for with a signed-in partner's page. dist-ssr/ is deleted after: nothing serves or
// runs it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("../dist", import.meta.url).pathname;
const ssr = new URL("../dist-ssr", import.meta.url).pathname;
const PAGES = { "/": "landing", "/signin": "signin" };
/** index.html's 'Loading...' (web/index.html), which the page takes the place of. */
const ROOT = /<div id="root">[\s\S]*?<\/div>/;

const template = readFileSync(join(root, "index.html"), "utf8");
if (!ROOT.test(template)) throw new Error("index.html has no #root to render into");
const routeAssets = JSON.parse(readFileSync(join(root, "route-preloads.json"), "utf8"));
const { renderSignedOut, pageReads } = await import(pathToFileURL(join(ssr, "prerender.js")).href);

mkdirSync(join(root, "prerendered"), { recursive: true });
const written = {};
for (const [path, name] of Object.entries(PAGES)) {
  const html = await renderSignedOut(path);
  const styles = (routeAssets[path]?.styles ?? [])
    .filter((style) => !template.includes(`href="${style}"`))
    .map((style) => `<link rel="stylesheet" crossorigin href="${style}">`)
    .join("");
  const page = template
    .replace("</head>", () => `${styles}</head>`)
    .replace(ROOT, () => `<div id="root">${html}</div>`);
  const file = `prerendered/${name}.html`;
  writeFileSync(join(root, file), page);
  written[path] = file;
}
writeFileSync(join(root, "prerendered.json"), JSON.stringify(written));
const reads = {};
for (const path of Object.keys(routeAssets)) {
  const pageRead = await pageReads(path);
  if (pageRead.length > 0) reads[path] = pageRead;
}
writeFileSync(join(root, "page-reads.json"), `${JSON.stringify(reads, null, 2)}\n`);
rmSync(ssr, { recursive: true, force: true });
console.log(`prerender: ${Object.keys(written).join(", ")}; page reads of ${Object.keys(reads).length} pages`);
// Whatever the rendered app left scheduled (a toast's timer, a clock) is not the build's business.
process.exit(0);
