import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { renderApp } from "@/test/renderApp";

describe("a bounty card's action by keyboard", { timeout: 30_000 }, () => {
  it("after 'Withdraw and refund' goes with the refund, the keyboard is on the selected tab, not the page", async () => {
    const user = userEvent.setup();
    signInAs("alex");
    renderApp("/spank-bank?tab=bounties");
    const form = await screen.findByRole("form", { name: /^Post a bounty for / }, { timeout: 20_000 });
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Send me a voice note");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    const card = await screen.findByRole("listitem", { name: "Send me a voice note" });
    within(card).getByRole("button", { name: "Withdraw and refund" }).focus();
    await user.keyboard("{Enter}");
    await within(card).findByText("Refunded");
    await waitFor(() =>
      expect(within(card).queryByRole("button", { name: "Withdraw and refund" })).not.toBeInTheDocument(),
    );
    // The card has no button left: the keyboard goes on from the selected tab.
    await waitFor(() => expect(screen.getByRole("tab", { selected: true })).toHaveFocus());
  });
});
