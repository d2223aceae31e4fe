import { COLOR_SCHEME_STORAGE_KEY } from "@spankbank/shared/limits";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { keepColorSchemeFor, savedColorScheme, signInAs } from "@/test/handlers/auth";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

const painted = () => document.documentElement.getAttribute("data-mantine-color-scheme");

async function openMenu(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Open menu" }));
  return screen.findByRole("dialog", { name: "Menu" });
}

afterEach(() => document.documentElement.removeAttribute("data-mantine-color-scheme"));

describe("the menu's colours", () => {
  it("are the signed-in partner's from their session, kept in this browser for the next first paint", async () => {
    keepColorSchemeFor("alex", "dark");
    signInAs("alex");
    const { user } = renderApp("/dashboard");
    await waitFor(() => expect(painted()).toBe("dark"));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe("dark");
    const drawer = await openMenu(user);
    expect(within(drawer).getByRole("radio", { name: "Dark" })).toBeChecked();
  });

  it("follow the device on Auto until a pick, which is saved for the signed-in partner only", async () => {
    signInAs("sam");
    const { user } = renderApp("/dashboard");
    const drawer = await openMenu(user);
    expect(within(drawer).getByRole("radio", { name: "Auto" })).toBeChecked();
    // The tests' device is light (src/test/setup.ts).
    expect(painted()).toBe("light");

    await user.click(within(drawer).getByRole("radio", { name: "Dark" }));
    await waitFor(() => expect(savedColorScheme("sam")).toBe("dark"));
    expect(painted()).toBe("dark");
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe("dark");
    expect(savedColorScheme("alex")).toBeUndefined();
  });

  it("go back to the partner's own when the server did not keep the pick, and say so", async () => {
    keepColorSchemeFor("alex", "light");
    signInAs("alex");
    server.use(
      http.put("/api/color-scheme", () =>
        HttpResponse.json({ statusCode: 503, error: "Service Unavailable", message: "Busy" }, { status: 503 }),
      ),
    );
    const { user } = renderApp("/dashboard");
    const drawer = await openMenu(user);
    await user.click(within(drawer).getByRole("radio", { name: "Dark" }));
    await screen.findByText(/^Colours not saved/);
    await waitFor(() => expect(painted()).toBe("light"));
    expect(within(drawer).getByRole("radio", { name: "Light" })).toBeChecked();
  });
});
