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
});
