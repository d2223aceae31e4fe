import type { ColorSchemeBody } from "@spankbank/shared/contract/colorScheme";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { keepColorSchemeFor, savedColorScheme, signInAs } from "@/test/handlers/auth";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

const painted = () => document.documentElement.getAttribute("data-mantine-color-scheme");

afterEach(() => document.documentElement.removeAttribute("data-mantine-color-scheme"));

describe("the menu's colours, picked twice on a slow connection", { timeout: 30_000 }, () => {
  it("stay on the second pick, the one the server kept, when the first pick's save fails after it", async () => {
    keepColorSchemeFor("alex", "auto");
    signInAs("alex");
    let failFirst = () => {};
    const firstFails = new Promise<void>((resolve) => {
      failFirst = resolve;
    });
    let puts = 0;
    server.use(
      http.put("/api/color-scheme", async ({ request }) => {
        const { colorScheme } = (await request.json()) as ColorSchemeBody;
        puts += 1;
        if (puts === 1) {
          // Dark: slow, and then the server is busy. Nothing is kept.
          await firstFails;
          return HttpResponse.json({ statusCode: 503, error: "Service Unavailable", message: "Busy" }, { status: 503 });
        }
        // Light: kept at once.
        keepColorSchemeFor("alex", colorScheme);
        return HttpResponse.json({ colorScheme });
      }),
    );
    const { user } = renderApp("/dashboard");
    await user.click(await screen.findByRole("button", { name: "Open menu" }, { timeout: 20_000 }));
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(drawer).getByRole("radio", { name: "Dark" }));
    // She changes her mind while Dark is still on its way.
    await user.click(within(drawer).getByRole("radio", { name: "Light" }));
    await waitFor(() => expect(savedColorScheme("alex")).toBe("light"));
    await waitFor(() => expect(painted()).toBe("light"));
    failFirst();
    // Its failure has come back (no toast says so: only the last pick's callbacks run).
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The server keeps Light: the page must not fall back to Auto (what was shown before Dark).
    expect(savedColorScheme("alex")).toBe("light");
    expect(within(drawer).getByRole("radio", { name: "Light" })).toBeChecked();
    expect(painted()).toBe("light");
  });
});
