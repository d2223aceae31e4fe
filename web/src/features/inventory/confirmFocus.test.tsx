import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { aRedeemedItem, setRedeemed } from "@/test/handlers/inventory";
import { renderApp } from "@/test/renderApp";

vi.setConfig({ testTimeout: 30_000 });

const card = (name: string) =>
  screen.getByRole("heading", { level: 2, name }).closest<HTMLElement>(".mantine-Card-root")!;

describe("Confirm Redeem by keyboard", () => {
  it("once Confirm Redeem turns into the 'Confirmed' pill, the keyboard is on the next favour to confirm or the tab, not the page", async () => {
    setRedeemed([aRedeemedItem({ id: 9, name: "Foot rub" }), aRedeemedItem({ id: 10, name: "Back rub" })]);
    signInAs("alex");
    const { user } = renderApp("/inventory?tab=redeemed");
    await screen.findByText("Foot rub");
    const button = within(card("Foot rub")).getByRole("button", { name: "Confirm Redeem Foot rub" });
    button.focus();
    await user.keyboard("{Enter}");
    await screen.findByText("Redemption confirmed successfully.");
    await waitFor(() => expect(within(card("Foot rub")).getByText("Confirmed", { exact: true })).toBeInTheDocument());
    // Its button is gone: the keyboard is on the next favour to confirm, or on the selected tab
    // (whichever the page has drawn when it looks), never left on the page.
    await waitFor(() =>
      expect(document.activeElement).toBeOneOf([
        screen.getByRole("button", { name: "Confirm Redeem Back rub" }),
        screen.getByRole("tab", { selected: true }),
      ]),
    );
  });
});
