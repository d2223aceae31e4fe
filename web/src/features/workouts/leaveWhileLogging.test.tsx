import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { signInAs } from "@/test/handlers/auth";
import { failWorkouts, holdWorkouts, sentWorkouts } from "@/test/handlers/workouts";
import { renderApp } from "@/test/renderApp";

afterEach(() => {
  toast.dismissAll();
  vi.restoreAllMocks();
});

describe("a workout logged on a slow connection, the dashboard left meanwhile", { timeout: 60_000 }, () => {
  it("still shows the failure toast (SPEC section 4: on failure an error toast appears)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const release = holdWorkouts();
    failWorkouts();
    signInAs("alex");
    const { user, router } = renderApp("/dashboard");
    await user.click(await screen.findByRole("button", { name: "Log Workout" }));
    const modal = await screen.findByRole("dialog", { name: "Log Workout" });
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Yoga");
    await user.type(within(modal).getByRole("textbox", { name: /Duration/ }), "45");
    await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "150");
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(sentWorkouts()).toHaveLength(1));

    // Slow: the partner leaves the dashboard for the memory board before the answer comes.
    await router.navigate({ to: "/memories" });
    await screen.findByRole("heading", { level: 1, name: "Love in Every Memory" });
    release();

    expect(
      await screen.findByText("Failed to log workout. Please try again.", {}, { timeout: 3_000 }),
    ).toBeInTheDocument();
  });
});
