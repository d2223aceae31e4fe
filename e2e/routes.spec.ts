import { expect, type Page } from "@playwright/test";
import { specRoutes } from "@spankbank/shared/pages";
import { headingForAlex, PHONE, signInAsAlex } from "./app";
import { test } from "./test";

/**
 * What goes wrong on `page` from now on, each with the page's URL: an uncaught error, a console
 * error, and anything the Content Security Policy refused. A refusal (such as zod probing for eval)
 * is reported to DevTools' Issues, not always to the console.
 */
async function problemsOn(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || /Content[- ]Security[- ]Policy/i.test(message.text())) {
      problems.push(`${page.url()}: ${message.text()}`);
    }
  });
  const devTools = await page.context().newCDPSession(page);
  devTools.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue") problems.push(`${page.url()}: ${JSON.stringify(issue.details)}`);
  });
  await devTools.send("Audits.enable");
  return problems;
}

test("a signed-out hard load of every spec route serves the app with no console error or policy violation", async ({
  page,
}) => {
  // The signed-out session check answers 200 null, so no failed request is logged either.
  const problems = await problemsOn(page);
  for (const route of specRoutes) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    expect(response?.headers()["content-type"], route).toContain("text/html");
    await expect(page.getByRole("banner").getByRole("link", { name: "Spank Bank" })).toBeVisible();
    if (route === "/") {
      await expect(page).toHaveURL("/");
    } else if (route === "/signin") {
      await expect(page).toHaveURL("/signin");
    } else {
      await expect(page, route).toHaveURL(`/signin?redirect=${encodeURIComponent(route)}`);
    }
  }
  expect(problems).toEqual([]);
});

test("the web manifest and every icon it names are served", async ({ request }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  const { name, start_url, display, icons } = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; type: string }[];
  };
  expect({ name, start_url, display }).toEqual({ name: "Spank Bank", start_url: "/", display: "standalone" });
  for (const icon of [...icons, { src: "/apple-touch-icon.png", type: "image/png" }]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"], icon.src).toContain(icon.type);
  }
});

test("a signed-in hard load of every spec route on a 360 px phone shows its page, with no console error, policy violation or sideways scroll", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAsAlex(page);
  const problems = await problemsOn(page);
  for (const route of specRoutes) {
    await page.goto(route);
    const landed = route === "/" || route === "/signin" ? "/dashboard" : route;
    await expect(page, route).toHaveURL(landed);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex[landed]!);
    await expect(page.getByText("Welcome, Alex!")).toBeVisible();
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${route} scrolls sideways at 360 px`).toBeLessThanOrEqual(PHONE.width);
  }
  expect(problems).toEqual([]);
});

test("an unknown page shows the not-found page with a way home", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL("/");
});
