import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/renderApp";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a passkey sign-in that fails, by keyboard", () => {
  it("leaves the keyboard on 'Use a passkey' to try again (as a failed password sign-in leaves it on the password), not on the page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = renderApp("/signin");
    await screen.findByRole("heading", { level: 1, name: "Welcome back, love" }, { timeout: 20_000 });
    screen.getByRole("button", { name: "Use a passkey" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("WebAuthn is not supported in this browser");
    // The button was disabled (loading) while the prompt ran: the keyboard is back on it.
    await waitFor(() => expect(screen.getByRole("button", { name: "Use a passkey" })).toHaveFocus());
  });
});
