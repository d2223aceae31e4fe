import { NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { nudgeBodies, setNudgesSent } from "@/test/handlers/nudges";
import { renderApp } from "@/test/renderApp";

async function cardAs(who: "alex" | "sam") {
  signInAs(who);
  renderApp("/dashboard");
  // The first render of a file loads the whole app: on a busy machine that can pass the usual wait.
  await screen.findByRole("heading", { level: 1 }, { timeout: 20_000 });
  const card = screen.getByRole("region", { name: "Thinking of you" });
  await waitFor(() => expect(within(card).queryByText("Loading...")).not.toBeInTheDocument());
  return card;
}

describe("the dashboard's Thinking of you card", { timeout: 30_000 }, () => {
  it("says how often the partner thought of you today", async () => {
    setNudgesSent("alex", 3);
    const card = await cardAs("sam");
    expect(within(card).getByText("Alex thought of you 3 times today")).toBeInTheDocument();
    expect(within(card).getByText(`You can send ${NUDGE_DAILY_LIMIT} more today.`)).toBeInTheDocument();
  });

  it("taps the heart with an optional line, then says so and what is left", async () => {
    const user = userEvent.setup();
    const card = await cardAs("alex");
    expect(within(card).getByText("No thoughts from Sam yet today")).toBeInTheDocument();
    await user.type(within(card).getByLabelText("A short line (optional)"), "  Missing your laugh ");
    await user.click(within(card).getByRole("button", { name: "Thinking of Sam" }));
    expect(
      await within(card).findByText(
        `Sam will see "Alex is thinking of you". You can send ${NUDGE_DAILY_LIMIT - 1} more today.`,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText("A short line (optional)")).toHaveValue("");
    await user.click(within(card).getByRole("button", { name: "Thinking of Sam" }));
    await within(card).findByText(/You can send 3 more today\./);
    expect(nudgeBodies()).toEqual([{ line: "Missing your laugh" }, {}]);
  });

  it("stops at the daily limit, and shows the server's refusal when it is reached elsewhere", async () => {
    const user = userEvent.setup();
    setNudgesSent("alex", NUDGE_DAILY_LIMIT - 1);
    const card = await cardAs("alex");
    expect(within(card).getByText("You can send 1 more today.")).toBeInTheDocument();
    // The last one was sent from Discord meanwhile.
    setNudgesSent("alex", NUDGE_DAILY_LIMIT);
    await user.click(within(card).getByRole("button", { name: "Thinking of Sam" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(
      `You have sent Sam your ${NUDGE_DAILY_LIMIT} thoughts for today (at most ${NUDGE_DAILY_LIMIT} a day). Try again tomorrow.`,
    );
    await waitFor(() => expect(within(card).getByRole("button", { name: "Thinking of Sam" })).toBeDisabled());
  });
});
