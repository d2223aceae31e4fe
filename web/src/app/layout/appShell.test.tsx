import { USERNAME_STORAGE_KEY } from "@spankbank/shared/limits";
import { footerQuote, quoteOfTheDay } from "@spankbank/shared/quoteOfTheDay";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { endSessionOnServer, everywhereLogoutCount, logoutCount, signInAs } from "@/test/handlers/auth";
import { setExportSize } from "@/test/handlers/export";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

const MENU = [
  ["Memory Board", "/memories", "Love in Every Memory"],
  ["Timeline", "/timeline", "Our Timeline"],
  ["Sam's Spank Bank", "/spank-bank", "Sam's Spank Bank"],
  ["Inventory", "/inventory", "Your Inventory"],
  ["Floggers4Change", "/floggers4change", "Floggers4Change"],
  ["Trapped with Sam", "/trapped-game", "Trapped with Sam"],
  ["Christmas Letter", "/christmas-letter", "Christmas Letter"],
  ["Letters for later", "/letters", "Letters for later"],
  ["Q & A", "/allquestions", "All Q&A"],
  ["Until we're together", "/together", "Until we're together"],
  ["Our year", "/our-year", "Our year, in pictures"],
] as const;

afterEach(() => {
  vi.restoreAllMocks();
});

async function openMenu(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Open menu" }));
  return screen.findByRole("dialog", { name: "Menu" });
}

describe("the header and its drawer", () => {
  it("welcomes the signed-in partner and lists every drawer entry in order, then Download our data and Logout", async () => {
    signInAs("alex");
    const { user } = renderApp("/dashboard");

    await screen.findByText("Welcome, Alex!");
    expect(screen.getByRole("link", { name: "Spank Bank" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();

    const drawer = await openMenu(user);
    const links = within(within(drawer).getByRole("navigation", { name: "Pages" })).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual(
      MENU.map(([label, path]) => [label, path]),
    );
    const download = within(drawer).getByRole("link", { name: "Download our data" });
    expect(download).toHaveAttribute("href", "/api/export");
    expect(download).toHaveAttribute("download");
    expect(download).toHaveAccessibleDescription(
      "Letters your partner sealed for you, and their answers and guesses you cannot see yet, are not in your download; the operator's npm run export has everything.",
    );
    expect(within(drawer).getByRole("button", { name: "Logout" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument());
  });

  it("says how large Download our data is once it is large, before a phone starts it", async () => {
    setExportSize(3_420_000_000);
    signInAs("alex");
    const { user } = renderApp("/dashboard");
    await screen.findByText("Welcome, Alex!");
    const drawer = await openMenu(user);
    const warning = "About 3.4 GB: on a phone, best over Wi-Fi.";
    expect(await within(drawer).findByText(warning)).toBeInTheDocument();
    expect(within(drawer).getByRole("link", { name: "Download our data" })).toHaveAccessibleDescription(
      expect.stringMatching(/^About 3\.4 GB: on a phone, best over Wi-Fi\. Letters your partner sealed/),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument());
    // Asked again each time the menu opens (the first test: 2.4 MB is not worth a word).
    setExportSize(120_000_000);
    await openMenu(user);
    expect(await screen.findByText("About 120 MB: on a phone, best over Wi-Fi.")).toBeInTheDocument();
  });

  it("follows every entry to its page, closing the drawer each time", async () => {
    signInAs("alex");
    const { router, user } = renderApp("/dashboard");

    for (const [label, path, heading] of MENU) {
      const drawer = await openMenu(user);
      await user.click(within(drawer).getByRole("link", { name: label }));

      // Asked again until it holds: a page may swap its heading for its loaded one right after the first is found.
      await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: heading })).toBeInTheDocument());
      expect(router.state.location.pathname).toBe(path);
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument());
    }
  });

  it("names the other partner for sam", async () => {
    signInAs("sam");
    const { user } = renderApp("/spank-bank");

    await screen.findByRole("heading", { level: 1, name: "Alex's Spank Bank" });
    const drawer = await openMenu(user);
    expect(within(drawer).getByRole("link", { name: "Trapped with Alex" })).toBeInTheDocument();
  });

  it("logs out: calls the endpoint, clears the stored username and lands on /", async () => {
    signInAs("alex");
    localStorage.setItem(USERNAME_STORAGE_KEY, "alex");
    const { router, user } = renderApp("/dashboard");

    const drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("button", { name: "Logout" }));

    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    expect(router.state.location.pathname).toBe("/");
    expect(logoutCount()).toBe(1);
    expect(localStorage.getItem(USERNAME_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText("Welcome, Alex!")).not.toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Sign In" })[0]).toHaveAttribute("href", "/signin");
  });

  it("'Sign out everywhere' ends every session on the server, clears the stored username and lands on /", async () => {
    signInAs("alex");
    localStorage.setItem(USERNAME_STORAGE_KEY, "alex");
    const { router, user } = renderApp("/dashboard");

    const drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("button", { name: "Sign out everywhere" }));

    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    expect(router.state.location.pathname).toBe("/");
    expect(everywhereLogoutCount()).toBe(1);
    expect(logoutCount()).toBe(0);
    expect(localStorage.getItem(USERNAME_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText("Welcome, Alex!")).not.toBeInTheDocument();
  });

  it("signs out without asking once the words typed read as saved again", async () => {
    signInAs("alex");
    const { user } = renderApp("/christmas-letter");
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    // Typed and taken back to what is saved: nothing to ask about.
    await user.type(editor, "Dear");
    await user.clear(editor);
    const drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("button", { name: "Logout" }));
    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    expect(logoutCount()).toBe(1);
    expect(screen.queryByRole("dialog", { name: "Words not saved yet" })).not.toBeInTheDocument();
  });

  it("asks before signing out over words not saved yet: Stay keeps them and the session, Sign out anyway deletes them", async () => {
    signInAs("alex");
    const { router, user } = renderApp("/christmas-letter");
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    await user.type(editor, "Dear Sam, the words I have been saving all year");

    let drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("button", { name: "Logout" }));
    let asking = await screen.findByRole("dialog", { name: "Words not saved yet" });
    expect(asking).toHaveTextContent(
      "Your Christmas letter is not saved yet: kept on this device only, signing out deletes it.",
    );
    await user.click(within(asking).getByRole("button", { name: "Stay and save them" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Words not saved yet" })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus());
    expect(logoutCount()).toBe(0);
    expect(router.state.location.pathname).toBe("/christmas-letter");
    expect(editor).toHaveValue("Dear Sam, the words I have been saving all year");

    drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("button", { name: "Sign out everywhere" }));
    asking = await screen.findByRole("dialog", { name: "Words not saved yet" });
    await user.click(within(asking).getByRole("button", { name: "Sign out anyway" }));
    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    expect(everywhereLogoutCount()).toBe(1);
    expect(Object.keys(localStorage).filter((key) => key.startsWith("spankbank:draft:"))).toEqual([]);
  });

  it("signing out leaves the other partner's words kept on this device (their session ended here, their letter waits)", async () => {
    // Sam wrote a letter on this laptop; Sam's session then ended (expired, or Sign out everywhere
    // from the phone), which keeps the words for Sam's return. Alex then signs in here and out.
    const samsLetter = JSON.stringify({ over: "none", value: "Dear Alex, every word I have been saving" });
    localStorage.setItem("spankbank:draft:sam:christmas-letter", samsLetter);
    signInAs("alex");
    const { user } = renderApp("/dashboard");
    const drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("button", { name: "Logout" }));
    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    expect(logoutCount()).toBe(1);
    // Alex was asked nothing (none of it is Alex's), and Sam's letter stays for Sam.
    expect(localStorage.getItem("spankbank:draft:sam:christmas-letter")).toBe(samsLetter);
  });

  it("logs out even when the server had already ended the session", async () => {
    signInAs("alex");
    localStorage.setItem(USERNAME_STORAGE_KEY, "alex");
    const { router, user } = renderApp("/dashboard");
    const drawer = await openMenu(user);
    endSessionOnServer();
    await user.click(within(drawer).getByRole("button", { name: "Logout" }));

    await screen.findByRole("heading", { level: 1, name: "Made for the two of us" });
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem(USERNAME_STORAGE_KEY)).toBeNull();
  });

  it("shows the protected page only to a signed-in partner", async () => {
    signInAs("alex");
    renderApp("/protected");

    expect(
      await screen.findByText("This is a protected page. You can only see it because you are logged in."),
    ).toBeInTheDocument();
  });
});

describe("the footer", () => {
  beforeEach(() => {
    // Only Date is faked: the app's timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    // The browser is in New York; the couple's zone in the test session is Kolkata.
    const browserOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...browserOptions.call(this), timeZone: "America/New_York" };
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the couple's love quote of the day, by the couple's calendar", async () => {
    // 01:30 on 14 February in Kolkata, Valentine's Day there; still the 13th in New York and in UTC.
    vi.setSystemTime(new Date("2026-02-13T20:00:00Z"));
    signInAs("alex");
    renderApp("/dashboard");

    const footer = await screen.findByRole("contentinfo");
    await waitFor(() =>
      expect(footer).toHaveTextContent(
        "“Of all the love stories I know, ours is the one I would read again and again.”",
      ),
    );
    expect(footer).toHaveTextContent("— Spank Bank");
  });

  it("shows a love quote signed out too, by the browser's calendar", async () => {
    // 21:00 on 13 February in New York; already the 14th (Valentine's Day) in UTC and in Kolkata.
    const at = new Date("2026-02-14T02:00:00Z");
    vi.setSystemTime(at);
    const browsers = footerQuote(at, "America/New_York");
    expect(browsers.quote).not.toBe(footerQuote(at, "UTC").quote);
    renderApp("/");

    const footer = await screen.findByRole("contentinfo");
    // The quote list is its own chunk: it arrives a moment after the footer.
    await waitFor(() => expect(footer).toHaveTextContent(`“${browsers.quote.replace(/\n/g, "")}”`));
    expect(footer).toHaveTextContent(`— ${browsers.author}`);
  });

  it("shows a verse's lines on lines of their own", async () => {
    // The first day from 1 March whose footer (in Kolkata, the couple's zone) is a verse of several lines.
    let at = new Date("2026-03-01T06:00:00Z");
    while (!footerQuote(at, "Asia/Kolkata").quote.includes("\n")) at = new Date(at.getTime() + 86_400_000);
    const verse = footerQuote(at, "Asia/Kolkata");
    vi.setSystemTime(at);
    signInAs("alex");
    renderApp("/dashboard");

    const footer = await screen.findByRole("contentinfo");
    await waitFor(() => expect(footer).toHaveTextContent(`— ${verse.author}`));
    const quote = footer.querySelector("blockquote")!;
    const lines = verse.quote.split("\n");
    expect(quote.querySelectorAll("br")).toHaveLength(lines.length - 1);
    expect(quote.textContent).toBe(`“${lines.join("")}”`);
  });

  it("never shows the dashboard's Daily Quote again in the footer", async () => {
    vi.setSystemTime(new Date("2026-03-10T06:00:00Z"));
    // The server's Daily Quote of the couple's day, as GET /api/quoteOfTheDay answers it.
    const { quote, author } = quoteOfTheDay(new Date(), "Asia/Kolkata");
    server.use(http.get("/api/quoteOfTheDay", () => HttpResponse.json({ quote, author })));
    signInAs("alex");
    renderApp("/dashboard");

    const card = await screen.findByRole("region", { name: "Daily Quote" });
    await waitFor(() => expect(card).toHaveTextContent(quote));
    const footer = screen.getByRole("contentinfo");
    await waitFor(() => expect(footer).toHaveTextContent(`— ${footerQuote(new Date(), "Asia/Kolkata").author}`));
    expect(footer).not.toHaveTextContent(quote);
  });
});

describe("pages that are not there, and errors", () => {
  it("shows the not-found page with a link home for an unknown route", async () => {
    renderApp("/no-such-page");

    await screen.findByRole("heading", { level: 1, name: "Page not found" });
    expect(screen.getByRole("link", { name: "Go home" })).toHaveAttribute("href", "/");
  });

  it("shows 'Unexpected Application Error!' with the message when a loader throws", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    signInAs("alex");
    const { router } = renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Hello, Alex" });
    // A loader of the real route tree that fails, as a page's data call might. The route is the
    // module's own, shared with the files that run after this one in the worker: put back after.
    const { options } = router.routesById["/_auth/christmas-letter"];
    const { loader } = options;
    onTestFinished(() => {
      Object.assign(options, { loader });
    });
    Object.assign(options, {
      loader: () => {
        throw new Error("The letter is stuck in the chimney");
      },
    });

    await router.navigate({ to: "/christmas-letter" });

    await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" });
    expect(screen.getByText("The letter is stuck in the chimney")).toBeInTheDocument();
  });
});
