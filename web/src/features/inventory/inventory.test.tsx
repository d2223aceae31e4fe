import { FAVOURS_PER_PAGE } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { act, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { failure, signInAs } from "@/test/handlers/auth";
import {
  anInventoryItem,
  aRedeemedItem,
  confirmRequests,
  redeemRequests,
  setInventory,
  setRedeemed,
} from "@/test/handlers/inventory";
import { loseNextAnswer, WRITTEN_ALREADY } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

// A busy shared machine: renders in jsdom can take seconds (no speed is asserted).
vi.setConfig({ testTimeout: 30_000 });

function openInventory(path = "/inventory") {
  signInAs("alex");
  return renderApp(path);
}

const onePage = { page: 1, pageCount: 1, total: 1 };

const card = (name: string) =>
  screen.getByRole("heading", { level: 2, name }).closest<HTMLElement>(".mantine-Card-root")!;

describe("the Inventory tab", () => {
  it("reads 'Loading your inventory...' until the list arrives, then shows every field of each item", async () => {
    let answer: () => void = () => {};
    setInventory([
      anInventoryItem({ id: 4, name: "Back massage", description: "Twenty minutes.", quantity: 2, price: 30 }),
    ]);
    server.use(
      http.get("/api/inventory", async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({
          inventory: [
            anInventoryItem({ id: 4, name: "Back massage", description: "Twenty minutes.", quantity: 2, price: 30 }),
          ],
          ...onePage,
        });
      }),
    );
    openInventory();
    await screen.findByRole("heading", { level: 1, name: "Your Inventory" });
    await screen.findByText("Loading your inventory...");
    answer();
    await screen.findByText("Back massage");
    const massage = card("Back massage");
    expect(massage).toHaveTextContent("Twenty minutes.");
    expect(massage).toHaveTextContent("Quantity purchased: 2");
    expect(massage).toHaveTextContent("Price paid: 30 Spanks");
    expect(massage).toHaveTextContent("Seller: Sam");
  });

  it("says 'You have not purchased any products yet.' when empty", async () => {
    openInventory();
    await screen.findByText("You have not purchased any products yet.");
  });

  it("treats a failed load as an empty list", async () => {
    server.use(http.get("/api/inventory", () => failure(403, "Forbidden", "No")));
    openInventory();
    await screen.findByText("You have not purchased any products yet.");
  });

  it("redeems one unit at a time, removes the card at 0 and reloads the redeemed list", async () => {
    setInventory([anInventoryItem({ id: 4, name: "Back massage", quantity: 2 })]);
    const { user } = openInventory();
    await screen.findByText("Back massage");
    await user.click(within(card("Back massage")).getByRole("button", { name: "Redeem Back massage" }));
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity purchased: 1"));
    await waitFor(() => expect(within(card("Back massage")).getByRole("button", { name: /Redeem/ })).toBeEnabled());
    await user.click(within(card("Back massage")).getByRole("button", { name: "Redeem Back massage" }));
    await screen.findByText("You have not purchased any products yet.");
    expect(redeemRequests()).toEqual([4, 4]);

    await user.click(screen.getByRole("tab", { name: "Redeemed" }));
    expect(await screen.findAllByRole("heading", { level: 2, name: "Back massage" })).toHaveLength(2);
  });

  it("redeems one unit for a double click that lands before the button re-renders", async () => {
    setInventory([anInventoryItem({ id: 4, name: "Back massage", quantity: 3 })]);
    openInventory();
    await screen.findByText("Back massage");
    const redeem = within(card("Back massage")).getByRole("button", { name: "Redeem Back massage" });
    act(() => {
      redeem.click();
      redeem.click();
    });
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity purchased: 2"));
    expect(redeemRequests()).toEqual([4]);
  });

  it("shows the use-by day, and redeems with a note and a wished time typed on the partner's own clock", async () => {
    setInventory([
      anInventoryItem({ id: 4, name: "Back massage", use_by: "2026-12-01T18:30:00.000Z", use_by_day: "2026-12-01" }),
    ]);
    const { user } = openInventory();
    await screen.findByText("Back massage");
    expect(card("Back massage")).toHaveTextContent("Use by Tue, Dec 1");
    await user.click(
      within(card("Back massage")).getByRole("button", { name: "Add a note or a time for Back massage" }),
    );
    const modal = await screen.findByRole("dialog", { name: 'Redeem "Back massage"' });
    await user.type(within(modal).getByLabelText("A note (optional)"), "After my run?");
    const when = within(modal).getByLabelText(/When would you like it\?/);
    await user.type(when, "2099-01-05T07:30");
    await user.click(within(modal).getByRole("button", { name: "Redeem" }));
    await waitFor(() => expect(redeemRequests()).toEqual([4]));
    await user.click(screen.getByRole("tab", { name: "Redeemed" }));
    // Typed as 07:30 on the partner's clock in India: 02:00 UTC, shown back as 7:30 AM.
    const redeemed = (await screen.findByRole("heading", { level: 2, name: "Back massage" })).closest<HTMLElement>(
      ".mantine-Card-root",
    )!;
    expect(redeemed).toHaveTextContent("Wished for Mon, Jan 5, 7:30 AM");
    expect(redeemed).toHaveTextContent("Your note: “After my run?”");
  });

  it("redeems one unit with its note for a double tap on Redeem that lands before the button re-renders", async () => {
    setInventory([anInventoryItem({ id: 4, name: "Back massage", quantity: 3 })]);
    const { user } = openInventory();
    await screen.findByText("Back massage");
    await user.click(
      within(card("Back massage")).getByRole("button", { name: "Add a note or a time for Back massage" }),
    );
    const modal = await screen.findByRole("dialog", { name: 'Redeem "Back massage"' });
    await user.type(within(modal).getByLabelText("A note (optional)"), "After my run?");
    const redeem = within(modal).getByRole("button", { name: "Redeem" });
    act(() => {
      redeem.click();
      redeem.click();
    });
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity purchased: 2"));
    expect(redeemRequests()).toEqual([4]);
  });

  it("redeems one unit when, after a lost answer, the note is corrected and sent again: the modal closes on the redeem as it was made", async () => {
    setInventory([anInventoryItem({ id: 4, name: "Back massage", quantity: 3 })]);
    const { user } = openInventory();
    await screen.findByText("Back massage");
    await user.click(
      within(card("Back massage")).getByRole("button", { name: "Add a note or a time for Back massage" }),
    );
    const modal = await screen.findByRole("dialog", { name: 'Redeem "Back massage"' });
    const note = within(modal).getByLabelText("A note (optional)");
    await user.type(note, "Aftr my run?");
    loseNextAnswer();
    await user.click(within(modal).getByRole("button", { name: "Redeem" }));
    expect(await within(modal).findByRole("alert")).toBeInTheDocument();
    // The partner fixes the typo and presses Redeem again.
    await user.clear(note);
    await user.type(note, "After my run?");
    await user.click(within(modal).getByRole("button", { name: "Redeem" }));

    await screen.findByText(WRITTEN_ALREADY);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(redeemRequests()).toEqual([4, 4]);
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity purchased: 2"));
    await user.click(screen.getByRole("tab", { name: "Redeemed" }));
    const redeemed = (await screen.findByRole("heading", { level: 2, name: "Back massage" })).closest<HTMLElement>(
      ".mantine-Card-root",
    )!;
    expect(redeemed).toHaveTextContent("Your note: “Aftr my run?”");
  });

  it("shows a declined favour with the seller's reason and no Confirm Redeem", async () => {
    setRedeemed([
      aRedeemedItem({
        id: 8,
        name: "Video call",
        price: 25,
        declined_at: "2026-11-23T20:00:00.000Z",
        decline_reason: "On nights",
      }),
    ]);
    openInventory("/inventory?tab=redeemed");
    await screen.findByText("Video call");
    // Who declined is the pill, alone on its line; the spanks that came back are the card's.
    expect(within(card("Video call")).getByText("Sam declined")).toBeInTheDocument();
    expect(card("Video call")).toHaveTextContent(`Your ${spanks(25)} came back.`);
    expect(card("Video call")).toHaveTextContent("Why: “On nights”");
    expect(within(card("Video call")).queryByRole("button", { name: /Confirm Redeem/ })).toBeNull();
  });

  it("says a declined free favour was declined, without spanks that never moved", async () => {
    setRedeemed([
      aRedeemedItem({
        id: 9,
        name: "A song",
        price: 0,
        declined_at: "2026-11-23T20:00:00.000Z",
        decline_reason: "Sore throat",
      }),
    ]);
    openInventory("/inventory?tab=redeemed");
    await screen.findByText("A song");
    expect(card("A song")).toHaveTextContent("Sam declined");
    expect(card("A song")).not.toHaveTextContent("came back");
  });

  it("disables Redeem at quantity 0", async () => {
    server.use(
      http.get("/api/inventory", () =>
        HttpResponse.json({ inventory: [anInventoryItem({ id: 4, name: "Back massage", quantity: 0 })], ...onePage }),
      ),
    );
    openInventory();
    await screen.findByText("Back massage");
    expect(within(card("Back massage")).getByRole("button", { name: "Redeem Back massage" })).toBeDisabled();
  });
});

describe("the Redeemed tab", () => {
  it("says 'You have not redeemed any products yet.' when empty", async () => {
    openInventory("/inventory?tab=redeemed");
    await screen.findByText("You have not redeemed any products yet.");
  });

  it("shows when each was redeemed and the seller, and confirms with 'Redemption confirmed successfully.'", async () => {
    const redeemedAt = "2025-02-14T20:30:00.000Z";
    setRedeemed([aRedeemedItem({ id: 9, name: "Foot rub", redeemed_at: redeemedAt })]);
    const { user } = openInventory("/inventory?tab=redeemed");
    await screen.findByText("Foot rub");
    const rub = card("Foot rub");
    // On alex's configured clock in India, whatever the browser's zone, and said so.
    expect(rub).toHaveTextContent("Redeemed Sat, Feb 15, 2:00 AM your time");
    expect(rub).toHaveTextContent("Seller: Sam");

    await user.click(within(rub).getByRole("button", { name: "Confirm Redeem Foot rub" }));
    await screen.findByText("Redemption confirmed successfully.");
    expect(confirmRequests()).toEqual([9]);
    // A pill in place of the button, and when on alex's clock, as the card's other times are.
    await waitFor(() => expect(within(card("Foot rub")).getByText("Confirmed", { exact: true })).toBeInTheDocument());
    expect(card("Foot rub")).toHaveTextContent(/Confirmed \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2}\s[AP]M your time/);
    expect(within(card("Foot rub")).queryByRole("button", { name: /Confirm Redeem/ })).not.toBeInTheDocument();
  });

  it("says when a confirmed favour was confirmed on alex's configured clock in India, and says 'your time'", async () => {
    // 20:30 UTC on 14 February is 2:00 the next morning in Kolkata.
    setRedeemed([aRedeemedItem({ id: 9, name: "Foot rub", confirmed_at: "2025-02-14T20:30:00.000Z" })]);
    openInventory("/inventory?tab=redeemed");
    await screen.findByText("Foot rub");
    expect(card("Foot rub")).toHaveTextContent("Confirmed Sat, Feb 15, 2:00 AM your time");
    expect(within(card("Foot rub")).getByText("Confirmed", { exact: true })).toBeInTheDocument();
  });

  it("says 'Failed to confirm redemption.' when confirming fails", async () => {
    setRedeemed([aRedeemedItem({ id: 9, name: "Foot rub" })]);
    server.use(http.post("/api/confirm-redeem", () => failure(409, "Conflict", '"Foot rub" was already confirmed.')));
    const { user } = openInventory("/inventory?tab=redeemed");
    await screen.findByText("Foot rub");
    await user.click(within(card("Foot rub")).getByRole("button", { name: "Confirm Redeem Foot rub" }));
    await screen.findByText("Failed to confirm redemption.");
  });
});

describe("a confirm whose answer was lost", () => {
  it("is the same confirm when pressed again: the same Idempotency-Key, and the partner reads it went through", async () => {
    setRedeemed([aRedeemedItem({ id: 9, name: "Foot rub" })]);
    const keys: (string | null)[] = [];
    const keyOf = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === "/api/confirm-redeem") keys.push(request.headers.get("idempotency-key"));
    };
    server.events.on("request:start", keyOf);
    onTestFinished(() => server.events.removeListener("request:start", keyOf));
    const { user } = openInventory("/inventory?tab=redeemed");
    await screen.findByText("Foot rub");
    // The connection drops after the server confirmed it, and the list read again after it fails too.
    loseNextAnswer();
    server.use(http.get("/api/redeemed", () => HttpResponse.error(), { once: true }));
    await user.click(within(card("Foot rub")).getByRole("button", { name: "Confirm Redeem Foot rub" }));
    await screen.findByText("Failed to confirm redemption.");
    const confirm = within(card("Foot rub")).getByRole("button", { name: "Confirm Redeem Foot rub" });
    await waitFor(() => expect(confirm).toBeEnabled());

    await user.click(confirm);

    await screen.findByText("Redemption confirmed successfully.");
    expect(confirmRequests()).toEqual([9, 9]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), keys[0]]);
    await waitFor(() => expect(within(card("Foot rub")).getByText("Confirmed", { exact: true })).toBeInTheDocument());
  });
});

describe("years of favours, a page at a time", () => {
  /** `n` favours named "Favour n" down to "Favour 1", the newest first as the server lists them. */
  const favours = (n: number) => Array.from({ length: n }, (_, i) => `Favour ${n - i}`);

  it("the Inventory tab shows one page with the pager; the next page keeps the tab in the address", async () => {
    setInventory(favours(FAVOURS_PER_PAGE + 3).map((name, i) => anInventoryItem({ id: i + 1, name })));
    const { user, router } = openInventory();
    await screen.findByText(`Favour ${FAVOURS_PER_PAGE + 3}`);
    expect(screen.getAllByRole("button", { name: /^Redeem Favour/ })).toHaveLength(FAVOURS_PER_PAGE);
    expect(screen.queryByText("Favour 3")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByText("Favour 3");
    expect(screen.getAllByRole("button", { name: /^Redeem Favour/ })).toHaveLength(3);
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it("the Redeemed tab pages too, and a list that fits one page shows no pager", async () => {
    setRedeemed(favours(FAVOURS_PER_PAGE + 1).map((name, i) => aRedeemedItem({ id: i + 1, name })));
    setInventory([anInventoryItem({ id: 1, name: "Back massage" })]);
    const { user, router } = openInventory("/inventory?tab=redeemed&page=2");
    await screen.findByText("Favour 1");
    expect(screen.getAllByRole("button", { name: /^Confirm Redeem/ })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Page 1" }));
    await screen.findByText(`Favour ${FAVOURS_PER_PAGE + 1}`);
    expect(router.state.location.search).toEqual({ tab: "redeemed", page: 1 });
    await user.click(screen.getByRole("tab", { name: "Inventory" }));
    await screen.findByText("Back massage");
    expect(screen.queryByRole("button", { name: "Page 1" })).not.toBeInTheDocument();
  });
});
