import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { signInAs } from "@/test/handlers/auth";
import { anInventoryItem, redeemRequests, setInventory } from "@/test/handlers/inventory";
import { loseNextAnswer } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";

vi.setConfig({ testTimeout: 30_000 });

const card = (name: string) =>
  screen.getByRole("heading", { level: 2, name }).closest<HTMLElement>(".mantine-Card-root")!;

describe("redeeming a favour bought twice, after one redeem's answer was lost", () => {
  it("redeems the second unit when the page already shows the first one redeemed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signInAs("alex");
    setInventory([anInventoryItem({ id: 4, name: "Back massage", quantity: 2 })]);
    const { user } = renderApp("/inventory");
    await screen.findByText("Back massage");
    expect(card("Back massage")).toHaveTextContent("Quantity purchased: 2");

    // The server redeems the first unit; the phone's connection drops before its answer arrives.
    loseNextAnswer();
    await user.click(within(card("Back massage")).getByRole("button", { name: "Redeem Back massage" }));
    // A failed redeem is only logged (SPEC section 8); the page reads the lists again: one unit left.
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity purchased: 1"));
    const redeem = within(card("Back massage")).getByRole("button", { name: "Redeem Back massage" });
    await waitFor(() => expect(redeem).toBeEnabled());

    // Alex sees one left and redeems it too: a new redeem, not the first one again.
    await user.click(redeem);
    await screen.findByText('Redeemed "Back massage": it waits under Redeemed for you to confirm.');
    toast.dismissAll();
    expect(redeemRequests()).toEqual([4, 4]);
    // Both units redeemed: the card goes at 0 (SPEC section 4). The second tap got the first tap's answer again.
    await waitFor(
      () =>
        expect(
          screen.queryByRole("heading", { level: 2, name: "Back massage" })?.closest(".mantine-Card-root")
            ?.textContent ?? "gone",
        ).toBe("gone"),
      { timeout: 5_000 },
    );
  });

  it("redeems the second unit with the same note from a new opening of the note form", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signInAs("alex");
    setInventory([anInventoryItem({ id: 4, name: "Back massage", quantity: 2 })]);
    const { user } = renderApp("/inventory");
    await screen.findByText("Back massage");
    const redeemWithNote = async () => {
      await user.click(
        within(card("Back massage")).getByRole("button", { name: "Add a note or a time for Back massage" }),
      );
      const modal = await screen.findByRole("dialog", { name: 'Redeem "Back massage"' });
      await user.type(within(modal).getByLabelText("A note (optional)"), "After my run?");
      await user.click(within(modal).getByRole("button", { name: "Redeem" }));
      return modal;
    };
    // The first one's answer is lost: the form says so, and the list reads one unit left.
    loseNextAnswer();
    const first = await redeemWithNote();
    await within(first).findByText(/Failed to redeem|Could not reach/);
    await user.click(within(first).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity purchased: 1"));

    // Alex redeems the one left with the same words: a new redeem.
    await redeemWithNote();
    await screen.findByText('Redeemed "Back massage": your note is on its way.');
    expect(redeemRequests()).toEqual([4, 4]);
    await waitFor(() => expect(screen.queryByRole("heading", { level: 2, name: "Back massage" })).toBeNull());
  });
});
