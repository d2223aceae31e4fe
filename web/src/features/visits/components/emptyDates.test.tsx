import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { postedVisitBodies } from "@/test/handlers/visits";
import { renderApp } from "@/test/renderApp";

describe("planning a visit with its first day left empty", { timeout: 30_000 }, () => {
  it("sends nothing and says which field to fill in", async () => {
    signInAs("alex");
    const { user } = renderApp("/together");
    await screen.findByRole("heading", { level: 1, name: "Until we're together" });
    await user.click(await screen.findByRole("button", { name: "Plan our next visit" }));
    const form = await screen.findByRole("dialog", { name: "Plan our next visit" });
    await user.type(within(form).getByLabelText(/Last day together/), "2026-12-27");
    await user.type(within(form).getByLabelText("Where"), "Lisbon");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));
    // The field says so (the server's answer would reach the form without its field's name).
    const firstDay = within(form).getByLabelText(/First day together/);
    expect(firstDay).toHaveAccessibleDescription("Pick the first day together.");
    expect(firstDay).toHaveAttribute("aria-invalid", "true");
    expect(postedVisitBodies()).toHaveLength(0);
    await user.type(firstDay, "2026-12-24");
    expect(firstDay).not.toHaveAccessibleDescription("Pick the first day together.");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));
    await waitFor(() => expect(postedVisitBodies()).toHaveLength(1));
  });
});
