// Renders the PNG app icons from public/icon.svg in Chromium: `node scripts/render-icons.mjs`.
// The PNGs are committed; run this again only when the icon changes.
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "playwright-core";

const publicDir = new URL("../public/", import.meta.url);
const icon = await readFile(new URL("icon.svg", publicDir), "utf8");
// Full-bleed variants: iOS rounds the corners itself, and a maskable icon keeps the heart in the safe zone.
const fullBleed = icon.replace('rx="112"', 'rx="0"');
const maskable = fullBleed.replace("translate(96 94) scale(13.333)", "translate(128 120) scale(10.667)");

const renders = [
  { file: "icon-192.png", svg: icon, size: 192 },
  { file: "icon-512.png", svg: icon, size: 512 },
  { file: "apple-touch-icon.png", svg: fullBleed, size: 180 },
  { file: "icon-maskable-512.png", svg: maskable, size: 512 },
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const { file, svg, size } of renders) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.locator("svg").screenshot({ omitBackground: true });
    await writeFile(new URL(file, publicDir), png);
    await page.close();
  }
} finally {
  await browser.close();
}
