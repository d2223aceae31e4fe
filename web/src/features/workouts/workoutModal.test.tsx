import { act, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { signInAs } from "@/test/handlers/auth";
import { failWorkouts, holdWorkouts, sentWorkouts, workoutBodies } from "@/test/handlers/workouts";
import { loseNextAnswer, WRITTEN_ALREADY } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

afterEach(() => {
  toast.dismissAll();
  vi.restoreAllMocks();
});

/** Yoga, 45 minutes, 150 calories, typed into the open Log Workout modal and submitted. */
async function submitYoga(user: ReturnType<typeof renderApp>["user"], modal: HTMLElement) {
  await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Yoga");
  await user.type(within(modal).getByRole("textbox", { name: /Duration/ }), "45");
  await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "150");
  await user.click(within(modal).getByRole("button", { name: "Submit" }));
}

async function openWorkoutModal() {
  signInAs("alex");
  const { user } = renderApp("/dashboard");
  await user.click(await screen.findByRole("button", { name: "Log Workout" }));
  const modal = await screen.findByRole("dialog", { name: "Log Workout" });
  return { user, modal };
}

describe("the workout modal", { timeout: 60_000 }, () => {
  it("requires the name, duration and calories, and sends nothing without them", async () => {
    const { user, modal } = await openWorkoutModal();
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    expect(within(modal).getByText("Name is required")).toBeInTheDocument();
    expect(within(modal).getByText("Duration is required")).toBeInTheDocument();
    expect(within(modal).getByText("Calories burned is required")).toBeInTheDocument();
    expect(workoutBodies()).toEqual([]);
    expect(within(modal).getByRole("combobox", { name: "Distance unit" })).toHaveValue("miles");
    expect(within(modal).getByRole("option", { name: "Kilometers (km)" })).toBeInTheDocument();
    expect(within(modal).getByRole("option", { name: "Miles (miles)" })).toBeInTheDocument();
  });

  it("refuses values out of range with a message instead of clamping them, and shows the reward and cap", async () => {
    const { user, modal } = await openWorkoutModal();
    expect(
      await within(modal).findByText("Each workout earns 5 spanks, up to 3 a day (3 left today)."),
    ).toBeInTheDocument();
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Ultra");
    const duration = within(modal).getByRole("textbox", { name: /Duration/ });
    await user.type(duration, "2000");
    await user.type(within(modal).getByRole("textbox", { name: "Distance" }), "1200");
    await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "25000");
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    // Left as typed (2000 is never quietly logged as 1440), and nothing is sent.
    expect(duration).toHaveValue("2000");
    expect(within(modal).getByText("Duration must be a whole number of minutes from 1 to 1440.")).toBeInTheDocument();
    expect(within(modal).getByText("Distance must be a number from 0 to 1000, or empty.")).toBeInTheDocument();
    expect(within(modal).getByText("Calories burned must be a whole number from 0 to 20000.")).toBeInTheDocument();
    expect(workoutBodies()).toEqual([]);
  });

  it("keeps a decimal point typed key by key, refuses it where only whole numbers are stored, and never drops it", async () => {
    const { user, modal } = await openWorkoutModal();
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Swim");
    const duration = within(modal).getByRole("textbox", { name: /Duration/ });
    const distance = within(modal).getByRole("textbox", { name: "Distance" });
    const calories = within(modal).getByRole("textbox", { name: /Calories/ });
    await user.type(duration, "45.5");
    await user.type(distance, "1.25");
    await user.type(calories, "120.5");
    expect(duration).toHaveValue("45.5");
    expect(distance).toHaveValue("1.25");
    expect(calories).toHaveValue("120.5");
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    // 45.5 minutes is never logged as 455, nor 120.5 kcal as 1205.
    expect(duration).toHaveAccessibleDescription(/Duration must be a whole number of minutes from 1 to 1440\./);
    expect(calories).toHaveAccessibleDescription(/Calories burned must be a whole number from 0 to 20000\./);
    expect(workoutBodies()).toEqual([]);

    await user.clear(duration);
    await user.type(duration, "45");
    await user.clear(calories);
    await user.type(calories, "120");
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    await screen.findByText("Workout logged successfully!");
    expect(workoutBodies()).toEqual([
      { name: "Swim", duration: 45, distance: 1.25, distanceUnit: "miles", calories: 120 },
    ]);
  });

  it("drops each field's error as soon as the field is fixed, before the next Submit", async () => {
    const { user, modal } = await openWorkoutModal();
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    expect(within(modal).getByText("Name is required")).toBeInTheDocument();
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Row");
    expect(within(modal).queryByText("Name is required")).not.toBeInTheDocument();
    const duration = within(modal).getByRole("textbox", { name: /Duration/ });
    await user.type(duration, "2000");
    expect(duration).toHaveAccessibleDescription(/must be a whole number of minutes/);
    await user.type(duration, "{Backspace}{Backspace}");
    expect(duration).not.toHaveAccessibleDescription(/must be/);
    expect(within(modal).getByText("Calories burned is required")).toBeInTheDocument();
    expect(workoutBodies()).toEqual([]);
  });

  it("shows 'Submitting...' disabled while sending, then the success toast, and closes", async () => {
    const release = holdWorkouts();
    const { user, modal } = await openWorkoutModal();
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Morning run");
    await user.type(within(modal).getByRole("textbox", { name: /Duration/ }), "30");
    await user.type(within(modal).getByRole("textbox", { name: "Distance" }), "3.5");
    await user.selectOptions(within(modal).getByRole("combobox", { name: "Distance unit" }), "km");
    await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "320");
    await user.click(within(modal).getByRole("button", { name: "Submit" }));

    expect(await within(modal).findByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    await screen.findByText("Workout logged successfully!");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
    expect(workoutBodies()).toEqual([
      { name: "Morning run", duration: 30, distance: 3.5, distanceUnit: "km", calories: 320 },
    ]);
  });

  it("logs one workout for a double tap on Submit that lands before the button re-renders", async () => {
    const { user, modal } = await openWorkoutModal();
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Swim");
    await user.type(within(modal).getByRole("textbox", { name: /Duration/ }), "40");
    await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "300");
    const submit = within(modal).getByRole("button", { name: "Submit" });
    act(() => {
      submit.click();
      submit.click();
    });
    await screen.findByText("Workout logged successfully!");
    expect(workoutBodies()).toHaveLength(1);
  });

  it("shows the failure toast and closes when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    failWorkouts();
    const { user, modal } = await openWorkoutModal();
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Yoga");
    await user.type(within(modal).getByRole("textbox", { name: /Duration/ }), "45");
    await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "150");
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    await screen.findByText("Failed to log workout. Please try again.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
  });

  /**
   * The dashboard with a server whose first answer to a workout is lost after it logged it; `logYoga`
   * logs the same yoga through the modal, as a partner does.
   */
  function yogaWithTheFirstAnswerLost() {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const keys: (string | null)[] = [];
    const logged = new Set<string | null>();
    server.use(
      http.post("/api/log-workout", async ({ request }) => {
        const key = request.headers.get("idempotency-key");
        keys.push(key);
        logged.add(key);
        const workout = { id: logged.size, username: "alex", created_at: "2026-11-22T10:00:00.000Z" };
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json(
          { workout: { ...workout, ...((await request.json()) as object) }, reward: 5 },
          { status: 201 },
        );
      }),
    );
    signInAs("alex");
    const { user } = renderApp("/dashboard");
    const logYoga = async () => {
      await user.click(await screen.findByRole("button", { name: "Log Workout" }));
      await submitYoga(user, await screen.findByRole("dialog", { name: "Log Workout" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
    };
    return { keys, logged, logYoga };
  }

  it("logs a workout once when its answer was lost and the same workout is logged again", async () => {
    const { keys, logged, logYoga } = yogaWithTheFirstAnswerLost();

    await logYoga();
    await screen.findByText("Failed to log workout. Please try again.");
    toast.dismissAll();
    await logYoga();
    await screen.findByText("Workout logged successfully!");
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(logged.size).toBe(1);

    // Answered: the same yoga again is another workout.
    await logYoga();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
    expect(logged.size).toBe(2);
  });

  it("logs the same workout tomorrow as a new one, though today's answer was lost", async () => {
    const { keys, logged, logYoga } = yogaWithTheFirstAnswerLost();
    await logYoga();
    await screen.findByText("Failed to log workout. Please try again.");
    toast.dismissAll();

    const tomorrow = Date.now() + 24 * 60 * 60 * 1000;
    vi.spyOn(Date, "now").mockReturnValue(tomorrow);
    await logYoga();
    await screen.findByText("Workout logged successfully!");
    expect(keys[1]).not.toBe(keys[0]);
    expect(logged.size).toBe(2);
  });

  it("logs a workout once when, after a lost answer, it is logged again with a field corrected: the same Idempotency-Key, and the server's word that the first try went through", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, modal } = await openWorkoutModal();
    await user.type(within(modal).getByRole("textbox", { name: /Workout name/ }), "Yoga");
    await user.type(within(modal).getByRole("textbox", { name: /Duration/ }), "54");
    await user.type(within(modal).getByRole("textbox", { name: /Calories/ }), "150");
    loseNextAnswer();
    await user.click(within(modal).getByRole("button", { name: "Submit" }));
    await screen.findByText("Failed to log workout. Please try again.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
    toast.dismissAll();
    // The partner opens it again, types the workout with the duration they meant, and submits.
    await user.click(screen.getByRole("button", { name: "Log Workout" }));
    const again = await screen.findByRole("dialog", { name: "Log Workout" });
    await user.type(within(again).getByRole("textbox", { name: /Workout name/ }), "Yoga");
    await user.type(within(again).getByRole("textbox", { name: /Duration/ }), "45");
    await user.type(within(again).getByRole("textbox", { name: /Calories/ }), "150");
    await user.click(within(again).getByRole("button", { name: "Submit" }));

    await screen.findByText(WRITTEN_ALREADY);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
    expect(sentWorkouts()).toHaveLength(2);
    expect(workoutBodies()).toEqual([
      { name: "Yoga", duration: 54, distance: null, distanceUnit: "miles", calories: 150 },
    ]);
    // "Please try again", so the partner does, the corrected Yoga once more: still the same write.
    toast.dismissAll();
    const toldBefore = screen.queryAllByText(WRITTEN_ALREADY).length;
    await user.click(screen.getByRole("button", { name: "Log Workout" }));
    const once = await screen.findByRole("dialog", { name: "Log Workout" });
    await user.type(within(once).getByRole("textbox", { name: /Workout name/ }), "Yoga");
    await user.type(within(once).getByRole("textbox", { name: /Duration/ }), "45");
    await user.type(within(once).getByRole("textbox", { name: /Calories/ }), "150");
    await user.click(within(once).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.queryAllByText(WRITTEN_ALREADY).length).toBeGreaterThan(toldBefore));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
    expect(workoutBodies()).toHaveLength(1);
    // Later, a workout is a new write, and the reward paid once shows 2 of today's 3 left.
    toast.dismissAll();
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 11 * 60 * 1000);
    await user.click(screen.getByRole("button", { name: "Log Workout" }));
    const next = await screen.findByRole("dialog", { name: "Log Workout" });
    expect(
      await within(next).findByText("Each workout earns 5 spanks, up to 3 a day (2 left today)."),
    ).toBeInTheDocument();
    await user.type(within(next).getByRole("textbox", { name: /Workout name/ }), "Swim");
    await user.type(within(next).getByRole("textbox", { name: /Duration/ }), "30");
    await user.type(within(next).getByRole("textbox", { name: /Calories/ }), "200");
    await user.click(within(next).getByRole("button", { name: "Submit" }));
    await screen.findByText("Workout logged successfully!");
    expect(workoutBodies()).toHaveLength(2);
  });

  it("Cancel closes without sending", async () => {
    const { user, modal } = await openWorkoutModal();
    await user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Log Workout" })).not.toBeInTheDocument());
    expect(workoutBodies()).toEqual([]);
  });
});

describe("a workout logged on a slow connection, the dashboard left meanwhile", { timeout: 60_000 }, () => {
  it("still shows the failure toast (SPEC section 4: on failure an error toast appears)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const release = holdWorkouts();
    failWorkouts();
    signInAs("alex");
    const { user, router } = renderApp("/dashboard");
    await user.click(await screen.findByRole("button", { name: "Log Workout" }));
    await submitYoga(user, await screen.findByRole("dialog", { name: "Log Workout" }));
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
