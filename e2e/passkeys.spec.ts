import { type Browser, expect, type Page } from "@playwright/test";
import { ALEX, fillSignIn, keepScreenshot, LAPTOP, lookAt, openMenu } from "./app";
import { expectNoAxeViolations } from "./axe";
import { test } from "./test";

// WebAuthn takes a site by name, never by IP address: the same server at localhost (every
// loopback spelling is one of its origins), where Chromium allows passkeys over plain http.
test.use({ baseURL: async ({ app }, use) => use(app.url.replace("127.0.0.1", "localhost")) });

type Credential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

/**
 * A browser of its own with Chromium's virtual authenticator (over CDP): a platform passkey
 * store that unlocks at once, as a phone's face or fingerprint check would.
 */
async function browserWithPasskeys(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce", baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const passkeys = async () =>
    ((await cdp.send("WebAuthn.getCredentials", { authenticatorId })) as { credentials: Credential[] }).credentials;
  const hold = (credential: Credential) => cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
  return { page, passkeys, hold };
}

async function openPasskeys(page: Page) {
  const drawer = await openMenu(page);
  await drawer.getByRole("button", { name: "Passkeys" }).click();
  const dialog = page.getByRole("dialog", { name: "Passkeys" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logout(page: Page) {
  const drawer = await openMenu(page);
  await drawer.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
}

test("alex adds a passkey from the menu and signs in with it; sam's browser cannot use it for sam; removed, it signs in no more", async ({
  browser,
  baseURL,
}) => {
  const alex = await browserWithPasskeys(browser, baseURL!);
  const { page } = alex;

  await test.step("alex signs in with the password and adds a passkey from the menu", async () => {
    await page.goto("/signin");
    await fillSignIn(page, ALEX.username, ALEX.password);
    await expect(page).toHaveURL("/dashboard");
    const dialog = await openPasskeys(page);
    await expect(dialog.getByText("No passkeys yet.")).toBeVisible();
    await dialog.getByLabel("Name (optional)").fill("Alex's laptop");
    await dialog.getByRole("button", { name: "Add a passkey" }).click();
    const list = dialog.getByRole("list", { name: "Your passkeys" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText(/Alex's laptopAdded .* · not used yet/);
    expect(await alex.passkeys()).toHaveLength(1);
    await expectNoAxeViolations(page, "the Passkeys window", { within: '[role="dialog"]' });
    await keepScreenshot(page, `passkeys-1280`);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page, "the Passkeys window at 360 px", { within: '[role="dialog"]' });
    await keepScreenshot(page, `passkeys-360`);
    await page.setViewportSize(LAPTOP);
    await dialog.getByRole("button", { name: "Close" }).click();
    await logout(page);
  });

  await test.step("signed out, alex signs in with the passkey: no password typed", async () => {
    await page.goto("/signin");
    await lookAt(page, "signin-passkey", "the sign-in page with its passkey button");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByText("Welcome, Alex!")).toBeVisible();
    const dialog = await openPasskeys(page);
    await expect(dialog.getByRole("listitem")).toContainText(/last used/);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  await test.step("sam's browser, holding alex's passkey, is refused for sam's account", async () => {
    const sam = await browserWithPasskeys(browser, baseURL!);
    for (const credential of await alex.passkeys()) await sam.hold(credential);
    await sam.page.goto("/signin");
    await sam.page.getByLabel("Username").fill("sam");
    await sam.page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(sam.page.getByRole("alert")).toContainText("That passkey is not sam's.");
    await expect(sam.page).toHaveURL("/signin");
    await sam.page.context().close();
  });

  await test.step("alex removes the passkey (after a confirm): it no longer signs in, the password still does", async () => {
    const dialog = await openPasskeys(page);
    await dialog.getByRole("button", { name: "Remove Alex's laptop" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove this passkey?" });
    await confirm.getByRole("button", { name: "Yes, remove" }).click();
    const after = page.getByRole("dialog", { name: "Passkeys" });
    await expect(after.getByText("No passkeys yet.")).toBeVisible();
    await after.getByRole("button", { name: "Close" }).click();
    // The menu opens while the toast shows: the toast sits below the header, not over its menu button.
    const removed = page.getByRole("alert").filter({ hasText: "Passkey removed." });
    await expect(removed).toBeVisible();
    const drawer = await openMenu(page);
    await expect(removed).toBeVisible();
    await drawer.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/signin");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page.getByRole("alert")).toContainText("That passkey did not sign you in.");
    await expect(page).toHaveURL("/signin");
    await fillSignIn(page, ALEX.username, ALEX.password);
    await expect(page).toHaveURL("/dashboard");
  });
  await page.context().close();
});
