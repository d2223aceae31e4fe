import { MY_DAY_CHANGED_SINCE, type MyDayBody } from "@spankbank/shared/contract/myDay";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { myDayPuts, refuseNextMyDay, savedMyDayOf, setMyDayOf } from "@/test/handlers/myDay";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";
import { samSignsIn, signOutFromMenu } from "@/test/switchPartners";

async function openYourDay() {
  signInAs("alex");
  const app = renderApp("/dashboard");
  await app.user.click(await screen.findByRole("button", { name: "Your day" }));
  const dialog = await screen.findByRole("dialog", { name: "Your day" });
  await within(dialog).findByLabelText(/Bedtime/);
  return { ...app, dialog };
}

/** A native time input takes its value whole (typing it digit by digit passes through invalid times). */
const setTime = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe("Your day", { timeout: 20_000 }, () => {
  it("shows the config's day, saves your own sleep, work and quiet hours, and says so", async () => {
    const { dialog, user } = await openYourDay();
    expect(within(dialog).getByLabelText(/Bedtime/)).toHaveValue("23:30");
    expect(within(dialog).getByLabelText(/Wake-up/)).toHaveValue("07:00");
    expect(within(dialog).getByRole("switch", { name: "I have work hours" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Sat" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Post silently/ })).toBeChecked();

    setTime(dialog, /Bedtime/, "22:00");
    setTime(dialog, /Wake-up/, "06:00");
    setTime(dialog, /Work starts/, "09:00");
    await user.click(within(dialog).getByRole("checkbox", { name: "Sat" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Sun" }));
    await user.click(within(dialog).getByRole("radio", { name: /Morning digest/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await screen.findByText("Your day is saved.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Your day" })).not.toBeInTheDocument());
    expect(myDayPuts()).toEqual([
      {
        sleep: { from: "22:00", to: "06:00" },
        work: { from: "09:00", to: "18:30", days: ["mon", "tue", "wed", "thu", "fri", "sun"] },
        quietHours: "digest",
        based_on: null,
      },
    ]);
  });

  it("sends no work hours when the switch is off", async () => {
    const { dialog, user } = await openYourDay();
    await user.click(within(dialog).getByRole("switch", { name: "I have work hours" }));
    expect(within(dialog).queryByLabelText(/Work starts/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await screen.findByText("Your day is saved.");
    expect(myDayPuts()).toEqual([
      { sleep: { from: "23:30", to: "07:00" }, work: null, quietHours: "silent", based_on: null },
    ]);
  });

  it("names what is wrong and sends nothing: wake-up at bedtime, work ending as it starts, no work day, no time", async () => {
    const { dialog, user } = await openYourDay();
    setTime(dialog, /Wake-up/, "23:30");
    setTime(dialog, /Work ends/, "10:00");
    for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]) {
      await user.click(within(dialog).getByRole("checkbox", { name: day }));
    }
    setTime(dialog, /Bedtime/, "");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Enter your bedtime as HH:MM")).toBeInTheDocument();
    setTime(dialog, /Bedtime/, "23:30");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Wake-up time must differ from bedtime")).toBeInTheDocument();
    expect(within(dialog).getByText("Work must end at another time than it starts")).toBeInTheDocument();
    expect(within(dialog).getByText("Pick at least one work day")).toBeInTheDocument();
    expect(myDayPuts()).toEqual([]);
  });

  it("shows the server's refusal in the form and a toast, and stays open", async () => {
    const { dialog, user } = await openYourDay();
    refuseNextMyDay("body.sleep.from: must be HH:MM (24 h)");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    // The API names the field; the page shows the words without its path.
    await screen.findByText("Your day was not saved: must be HH:MM (24 h)");
    expect(within(dialog).getByText("must be HH:MM (24 h)")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Your day" })).toBeInTheDocument();
  });

  it("keeps what was typed when the day is read again with another device's change; an untouched form takes it", async () => {
    const { dialog, queryClient, user } = await openYourDay();
    const laptop = {
      sleep: { from: "00:30", to: "08:30" },
      work: null,
      quietHours: "silent",
      source: "web",
      updated_at: "2026-11-20T08:00:00.000Z",
    } as const;
    setTime(dialog, /Bedtime/, "22:00");
    setMyDayOf("alex", laptop);
    // In act: the page has drawn the day read again before anything is asked of it.
    await act(() => queryClient.refetchQueries());
    expect(within(dialog).getByLabelText(/Bedtime/)).toHaveValue("22:00");
    expect(within(dialog).getByLabelText(/Wake-up/)).toHaveValue("07:00");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Your day" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Your day" }));
    const reopened = await screen.findByRole("dialog", { name: "Your day" });
    setMyDayOf("alex", { ...laptop, sleep: { from: "01:00", to: "09:00" } });
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(within(reopened).getByLabelText(/Bedtime/)).toHaveValue("01:00"));
  });
});

describe("Your day saved on another device while this form was open", { timeout: 30_000 }, () => {
  it("refuses to overwrite it: the laptop's day stays, the form says why and then shows it", async () => {
    const { dialog, queryClient, user } = await openYourDay();
    const laptop = {
      sleep: { from: "00:30", to: "08:30" },
      work: null,
      quietHours: "silent",
      source: "web",
      updated_at: "2026-11-20T08:00:00.000Z",
    } as const;
    // The phone's form, opened on the config's day, gets only its quiet hours changed...
    await user.click(within(dialog).getByRole("radio", { name: /Morning digest/ }));
    // ...while the laptop saves another sleep window, which the phone reads again.
    setMyDayOf("alex", laptop);
    await act(() => queryClient.refetchQueries());
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await screen.findByText(`Your day was not saved: ${MY_DAY_CHANGED_SINCE}`);
    expect(savedMyDayOf("alex")).toEqual(laptop);
    // The form now shows the laptop's day, to redo the change on.
    await waitFor(() => expect(within(dialog).getByLabelText(/Wake-up/)).toHaveValue("08:30"));
  });
});

describe("a save of Your day still on its way when the partners switch on one device", { timeout: 30_000 }, () => {
  it("opens Sam's own day for Sam, not Alex's answer that arrived after the switch", async () => {
    const { dialog, queryClient, user } = await openYourDay();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.put("/api/my-day", async ({ request }) => {
        // As the server: Alex's session cookie came with it, so it is Alex's day that is saved.
        const { based_on: _, ...body } = (await request.json()) as MyDayBody;
        const day = { ...body, source: "web", updated_at: "2026-11-23T09:00:00.000Z" } as const;
        setMyDayOf("alex", day);
        await answered;
        return HttpResponse.json(day);
      }),
    );
    setTime(dialog, /Bedtime/, "21:15");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await signOutFromMenu(user);
    await samSignsIn(user);

    // Alex's answer arrives only now. Its success reads the session again, unawaited: the page has
    // settled once that read has landed (a click during it can be lost to the re-render).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const sessionReadAgain = new Promise<void>((landed) => {
      const onResponse = ({ request }: { request: Request }) => {
        if (new URL(request.url).pathname !== "/api/auth/session") return;
        server.events.removeListener("response:mocked", onResponse);
        landed();
      };
      server.events.on("response:mocked", onResponse);
    });
    answer();
    await act(() => sessionReadAgain);
    await waitFor(() => expect(queryClient.isMutating() + queryClient.isFetching()).toBe(0));
    expect(screen.getByRole("heading", { level: 1, name: "Hello, Sam" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Your day" }));
    const sams = await screen.findByRole("dialog", { name: "Your day" });
    const bedtime = await within(sams).findByLabelText(/Bedtime/);

    expect(bedtime).toHaveValue("23:00");
    expect(within(sams).getByLabelText(/Wake-up/)).toHaveValue("06:30");
    expect(screen.queryByText("Your day is saved.")).not.toBeInTheDocument();
  });
});
