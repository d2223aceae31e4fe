import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { signInAs } from "@/test/handlers/auth";
import { sentWorkouts, workoutBodies } from "@/test/handlers/workouts";
import { loseNextAnswer } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";

afterEach(() => {
  toast.dismissAll();
  vi.restoreAllMocks();
});

async function logYoga(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Log Workout" }, { timeout: 20_000 }));
  const modal = await screen.findByRole("dialog", { name: "Log Workout" });
  await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Yoga");
  await user.type(within(modal).getByRole("textbox", { name: /Duration/ }), "45");
  await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "150");
  await user.click(within(modal).getByRole("button", { name: "Submit" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
}

describe("a workout whose answer was lost, logged again after leaving the dashboard", { timeout: 60_000 }, () => {
  it("is logged (and rewarded) once, as a reload or a page left and come back to sends the same key (lib/api.ts)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signInAs("alex");
    const { user, router } = renderApp("/dashboard");
    // The server logs the yoga and pays its reward; the connection drops before the answer.
    loseNextAnswer();
    await logYoga(user);
    await screen.findByText("Failed to log workout. Please try again.");
    toast.dismissAll();
    expect(workoutBodies()).toHaveLength(1);

    // The partner looks at the memory board, comes back, and tries again, as the toast says.
    await router.navigate({ to: "/memories" });
    await screen.findByRole("heading", { level: 1, name: "Love in Every Memory" }, { timeout: 20_000 });
    await router.navigate({ to: "/dashboard" });
    await logYoga(user);
    await waitFor(() => expect(sentWorkouts()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // One yoga done: one workout logged, one reward paid.
    expect(workoutBodies()).toHaveLength(1);
  });
});
