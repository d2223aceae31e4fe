import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/renderApp";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the sign-in page's passkey button", () => {
  it("in a browser without passkeys, says so and leaves the password form to use", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { router, user } = renderApp("/signin");
    await screen.findByRole("heading", { level: 1, name: "Welcome back, love" }, { timeout: 20_000 });
    await user.type(screen.getByLabelText("Username"), "alex");
    await user.click(screen.getByRole("button", { name: "Use a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("WebAuthn is not supported in this browser");
    expect(router.state.location.pathname).toBe("/signin");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });
});
