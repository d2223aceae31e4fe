import { PRODUCT_CHANGED_BEFORE_REMOVAL, PRODUCT_CHANGED_SINCE } from "@spankbank/shared/contract/products";
import { FAVOURS_PER_PAGE } from "@spankbank/shared/limits";
import { act, screen, waitFor, within } from "@testing-library/react";
import { delay, HttpResponse, http } from "msw";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { failure, signedInUsername, signInAs } from "@/test/handlers/auth";
import { purchaseRequests, setSpankTotal, setStatement } from "@/test/handlers/economy";
import { declineRequests, setOwed } from "@/test/handlers/inventory";
import {
  aProduct,
  productsOnServer,
  removedProductIds,
  savedProductBodies,
  setProducts,
} from "@/test/handlers/products";
import { loseNextAnswer, WRITTEN_ALREADY } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";
import { samSignsIn, signOutFromMenu } from "@/test/switchPartners";

// A busy shared machine: typing and modal transitions in jsdom can take seconds (no speed is asserted).
vi.setConfig({ testTimeout: 30_000 });

const samsMassage = aProduct({ id: 1, name: "Back massage", description: "Twenty minutes, oil included.", price: 30 });
const alexsBreakfast = aProduct({ id: 2, name: "Breakfast in bed", username: "alex", price: 15, quantity: 2 });

function openSpankBank(path = "/spank-bank") {
  signInAs("alex");
  return renderApp(path);
}

const card = (name: string) =>
  screen.getByRole("heading", { level: 3, name }).closest<HTMLElement>(".mantine-Card-root")!;

describe("the header total", () => {
  it("reads 'Loading your spank total...' until the total arrives, then 'You have N spanks'", async () => {
    // One gate for every request of the total (a load and a render may both ask), opened below.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get("/api/spankTotal", async () => {
        await answered;
        return HttpResponse.json({ spankTotal: 87 });
      }),
    );
    openSpankBank();
    await screen.findByRole("heading", { level: 1, name: "Sam's Spank Bank" });
    await screen.findByText("Loading your spank total...");
    answer();
    // The line can be drawn anew just after it is first found (a loaded CI got the found one detached).
    await waitFor(() => expect(screen.getByText("You have 87 spanks")).toBeInTheDocument());
  });

  it("reads 'Could not retrieve your spank total' when the total fails", async () => {
    server.use(http.get("/api/spankTotal", () => failure(403, "Forbidden", "Not yours")));
    setProducts([samsMassage]);
    openSpankBank();
    await screen.findByText("Could not retrieve your spank total");
    await screen.findByText("Back massage");
  });

  it("reads 'Could not retrieve your spank total' and empties the Shop when the products fail", async () => {
    server.use(http.get("/api/products", () => failure(403, "Forbidden", "No")));
    openSpankBank();
    await screen.findByText("Could not retrieve your spank total");
    expect(screen.getByText("No products available.")).toBeInTheDocument();
  });

  it("opens your own statement, asked for by no name (the server knows you), newest first, paged", async () => {
    const asked: string[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/transactions") asked.push(url.search);
    });
    setStatement({
      page: 1,
      pageCount: 3,
      transactions: [
        {
          id: 9,
          kind: "purchase",
          amount: -30,
          memo: 'Bought "Back massage"',
          created_at: "2025-02-14T20:00:00.000Z",
          balance_after: 90,
        },
        {
          id: 8,
          kind: "award",
          amount: 20,
          memo: "A spank from Sam",
          created_at: "2025-02-13T08:00:00.000Z",
          balance_after: 120,
        },
      ],
    });
    const { user } = openSpankBank();
    await user.click(await screen.findByRole("button", { name: /You have 120 spanks/ }));
    const history = await screen.findByRole("dialog", { name: "Your spank history" });
    const lines = within(history).getAllByRole("listitem");
    expect(lines[0]).toHaveTextContent('Bought "Back massage"');
    expect(lines[0]).toHaveTextContent("−30");
    expect(lines[0]).toHaveTextContent("Balance 90");
    expect(lines[1]).toHaveTextContent("+20");
    await user.click(within(history).getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(asked).toContain("?page=2"));
    // Only pages, never a username or discord id: whose statement it is comes from the session.
    expect(asked.every((search) => /^(\?page=\d+)?$/.test(search))).toBe(true);
    expect(within(history).getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });
});

describe("the Shop", () => {
  it("lists the partner's favours first and one's own after them", async () => {
    setProducts([alexsBreakfast, samsMassage]);
    openSpankBank();
    await screen.findByRole("heading", { level: 3, name: "Back massage" });
    const names = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(["Back massage", "Breakfast in bed"]);
  });

  it("says one spank in the singular: the total and the price label", async () => {
    setSpankTotal(1);
    setProducts([aProduct({ id: 3, name: "A kiss", description: "On the forehead.", price: 1 })]);
    openSpankBank();
    await screen.findByText("You have 1 spank");
    await screen.findByRole("heading", { level: 3, name: "A kiss" });
    expect(card("A kiss")).toHaveTextContent("1 Spank");
    expect(card("A kiss")).not.toHaveTextContent("1 Spanks");
  });

  it("shows every field of each product", async () => {
    setProducts([samsMassage]);
    openSpankBank();
    await screen.findByRole("heading", { level: 2, name: "Available Products" });
    await screen.findByText("Back massage");
    const massage = card("Back massage");
    expect(massage).toHaveTextContent("Twenty minutes, oil included.");
    expect(massage).toHaveTextContent("Quantity available: 3");
    expect(massage).toHaveTextContent("30 Spanks");
    expect(massage).toHaveTextContent("Posted by Sam");
    expect(within(massage).getByRole("button", { name: "Buy Now" })).toBeEnabled();
  });

  it("says before buying how long a favour keeps and that it waits for a visit, only where it does", async () => {
    setProducts([aProduct({ ...samsMassage, use_within_days: 7, in_person: true }), alexsBreakfast]);
    openSpankBank();
    await screen.findByText("Back massage");
    expect(card("Back massage")).toHaveTextContent("Use within 7 days of buying");
    expect(card("Back massage")).toHaveTextContent("In person: it waits for your next visit");
    expect(card("Breakfast in bed")).not.toHaveTextContent("Use within");
    expect(card("Breakfast in bed")).not.toHaveTextContent("In person");
  });

  it("says 'No products available.' for an empty list", async () => {
    openSpankBank();
    await screen.findByText("No products available.");
  });

  it("disables Buy Now on the partner's own products, with a note saying why", async () => {
    setProducts([samsMassage, alexsBreakfast]);
    openSpankBank();
    await screen.findByText("Breakfast in bed");
    const own = card("Breakfast in bed");
    expect(within(own).getByRole("button", { name: "Buy Now" })).toBeDisabled();
    expect(own).toHaveTextContent("This is your own favour: only Sam can buy it.");
  });

  it("disables Buy Now, with the reason, for a favour the partner cannot afford", async () => {
    setSpankTotal(20);
    setProducts([samsMassage, { ...samsMassage, id: 3, name: "A kiss", price: 20 }]);
    openSpankBank();
    await screen.findByText("You have 20 spanks");
    const massage = within(card("Back massage")).getByRole("button", { name: "Buy Now" });
    expect(massage).toBeDisabled();
    expect(massage).toHaveAccessibleDescription("You need 10 more spanks for this one.");
    expect(within(card("A kiss")).getByRole("button", { name: "Buy Now" })).toBeEnabled();
  });

  it("buys at the price shown: the total comes from the reply and the list reloads", async () => {
    setProducts([samsMassage]);
    const { user } = openSpankBank();
    await screen.findByText("You have 120 spanks");
    server.use(http.get("/api/spankTotal", () => HttpResponse.json({ spankTotal: 0 }), { once: false }));
    await user.click(within(card("Back massage")).getByRole("button", { name: "Buy Now" }));

    await screen.findByText('You bought "Back massage".');
    expect(screen.getByText("You have 90 spanks")).toBeInTheDocument();
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity available: 2"));
    expect(purchaseRequests().map((request) => request.body)).toEqual([
      { productId: 1, quantity: 1, expectedPrice: 30, based_on: samsMassage.updated_at },
    ]);
  });

  it("shows the server's message on a refusal and reloads the Shop (the price changed)", async () => {
    setProducts([samsMassage]);
    const { user } = openSpankBank();
    await screen.findByText("Back massage");
    setProducts([{ ...samsMassage, price: 150 }]);
    await user.click(within(card("Back massage")).getByRole("button", { name: "Buy Now" }));

    await screen.findByText('The price of "Back massage" changed to 150 spanks.');
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("150 Spanks"));
    expect(screen.getByText("You have 120 spanks")).toBeInTheDocument();
  });

  it("buys nothing when the favour was changed since the page showed it, even at the same price", async () => {
    setProducts([samsMassage]);
    const { user } = openSpankBank();
    await screen.findByText("Back massage");
    // Sam made it another favour at the same price since Alex's page was painted.
    const changed = { ...samsMassage, name: "Wash the car", updated_at: "2025-03-01T09:00:00.000Z" };
    setProducts([changed]);
    await user.click(within(card("Back massage")).getByRole("button", { name: "Buy Now" }));

    expect(
      await screen.findByText('"Wash the car" was changed since your page showed it: nothing was bought.'),
    ).toBeInTheDocument();
    expect(productsOnServer()).toEqual([changed]);
    expect(screen.getByText("You have 120 spanks")).toBeInTheDocument();
    await screen.findByRole("heading", { level: 3, name: "Wash the car" });
  });

  it("shows 'Failed to purchase product.' for a refusal without a message", async () => {
    setProducts([samsMassage]);
    server.use(http.post("/api/purchase", () => HttpResponse.json({ success: false, message: "" }, { status: 409 })));
    const { user } = openSpankBank();
    await screen.findByText("Back massage");
    await user.click(within(card("Back massage")).getByRole("button", { name: "Buy Now" }));
    await screen.findByText("Failed to purchase product.");
  });

  it("shows 'Failed to purchase product. Please try again.' when the request fails", async () => {
    setProducts([samsMassage]);
    server.use(http.post("/api/purchase", () => HttpResponse.error()));
    const { user } = openSpankBank();
    await screen.findByText("Back massage");
    await user.click(within(card("Back massage")).getByRole("button", { name: "Buy Now" }));
    await screen.findByText("Failed to purchase product. Please try again.");
  });

  it("disables Buy Now while a purchase is in flight and sends a fresh Idempotency-Key per click", async () => {
    setProducts([samsMassage]);
    let release: () => void = () => {};
    const keys: (string | null)[] = [];
    server.use(
      http.post("/api/purchase", async ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ success: true, newSpankTotal: 90, message: "Bought." });
      }),
    );
    const { user } = openSpankBank();
    await screen.findByText("Back massage");
    const buyNow = () => within(card("Back massage")).getByRole("button", { name: "Buy Now" });

    await user.click(buyNow());
    await waitFor(() => expect(buyNow()).toBeDisabled());
    await user.click(buyNow());
    expect(keys).toHaveLength(1);
    release();
    await waitFor(() => expect(buyNow()).toBeEnabled());
    await user.click(buyNow());
    await waitFor(() => expect(keys).toHaveLength(2));
    release();
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe("Buy Now on a plain-http address (HTTPS=false, reached over the home network)", () => {
  it("buys, though the browser gives such a page no crypto.randomUUID", async () => {
    // Only secure contexts have randomUUID; http://192.168.1.20:3000 is not one.
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      setProducts([samsMassage]);
      const { user } = openSpankBank();
      await screen.findByText("Back massage");
      await user.click(within(card("Back massage")).getByRole("button", { name: "Buy Now" }));
      await waitFor(() => expect(purchaseRequests()).toHaveLength(1));
      expect(purchaseRequests()[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true });
    }
  });
});

describe("a purchase whose answer was lost", () => {
  it("is the same purchase when tapped again: the same Idempotency-Key until the server's answer arrives, a new one after", async () => {
    setProducts([samsMassage]);
    const keys: (string | null)[] = [];
    const bought = new Set<string>();
    server.use(
      http.post("/api/purchase", ({ request }) => {
        const key = request.headers.get("idempotency-key");
        keys.push(key);
        const first = !bought.has(String(key));
        bought.add(String(key));
        // The first time, the server buys it and the connection drops before its answer arrives.
        if (first && keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({ success: true, newSpankTotal: 90, message: 'You bought "Back massage".' });
      }),
    );
    const { user } = openSpankBank();
    await screen.findByText("Back massage");
    const buyNow = () => within(card("Back massage")).getByRole("button", { name: "Buy Now" });
    await user.click(buyNow());
    await screen.findByText("Failed to purchase product. Please try again.");
    await waitFor(() => expect(buyNow()).toBeEnabled());

    await user.click(buyNow());
    await screen.findByText('You bought "Back massage".');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(bought.size).toBe(1);

    // A purchase answered: the next tap is a new purchase.
    await waitFor(() => expect(buyNow()).toBeEnabled());
    await user.click(buyNow());
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe("a double click on Buy Now", () => {
  it("buys once, even when both clicks land before the button re-renders", async () => {
    setProducts([samsMassage]);
    openSpankBank();
    await screen.findByText("Back massage");
    const buyNow = within(card("Back massage")).getByRole("button", { name: "Buy Now" });
    act(() => {
      buyNow.click();
      buyNow.click();
    });
    await screen.findByText('You bought "Back massage".');
    expect(purchaseRequests()).toHaveLength(1);
  });
});

describe("a purchase still on its way when the partners switch on one device", () => {
  it("shows Sam's own total, not the total of Alex's purchase answered after the switch", async () => {
    setProducts([samsMassage]);
    const totals = new Map([
      ["alex", 120],
      ["sam", 200],
    ]);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get("/api/spankTotal", () => HttpResponse.json({ spankTotal: totals.get(signedInUsername() ?? "") })),
      http.post("/api/purchase", async () => {
        // As the server: Alex's session cookie came with it, so it is Alex who buys.
        totals.set("alex", 90);
        await answered;
        return HttpResponse.json({ success: true, newSpankTotal: 90, message: 'You bought "Back massage".' });
      }),
    );
    const { user, router, queryClient } = openSpankBank();
    await screen.findByText("You have 120 spanks");
    await user.click(within(card("Back massage")).getByRole("button", { name: "Buy Now" }));
    await signOutFromMenu(user);
    // Alex's purchase is on its way as Alex signs out.
    await samSignsIn(user);
    await router.navigate({ to: "/spank-bank" });
    await screen.findByText("You have 200 spanks");

    // Alex's answer arrives only now, while Sam's Spank Bank is open.
    answer();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));

    expect(screen.getByText("You have 200 spanks")).toBeInTheDocument();
    expect(screen.queryByText("You have 90 spanks")).not.toBeInTheDocument();
  });
});

describe("Manage Products", () => {
  it("lists only the partner's own products with Edit and Remove, or 'No products to manage.'", async () => {
    setProducts([samsMassage, alexsBreakfast]);
    const { user } = openSpankBank();
    await user.click(await screen.findByRole("tab", { name: "Manage Products" }));
    await screen.findByRole("heading", { level: 2, name: "Manage Your Products" });
    await screen.findByText("Breakfast in bed");
    expect(screen.queryByText("Back massage")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Breakfast in bed" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove Breakfast in bed" })).toBeInTheDocument();
  });

  it("says 'No products to manage.' and that the partner waits for nothing", async () => {
    setProducts([samsMassage]);
    openSpankBank("/spank-bank?tab=manage");
    await screen.findByText("No products to manage.");
    await screen.findByText("Sam is not waiting for anything right now.");
  });

  it("shows the favours the partner redeemed and is waiting for, above the list", async () => {
    setOwed({
      owed: [
        {
          id: 7,
          name: "Breakfast in bed",
          description: "Eggs.",
          price: 15,
          note: null,
          wished_at: null,
          redeemed_at: "2025-02-14T20:00:00.000Z",
          username: "sam",
        },
      ],
      escrowTotal: 15,
    });
    openSpankBank("/spank-bank?tab=manage");
    const heading = await screen.findByRole("heading", { level: 3, name: "Sam is waiting for:" });
    const owed = heading.closest<HTMLElement>(".mantine-Paper-root")!;
    expect(within(owed).getByRole("listitem")).toHaveTextContent("Breakfast in bed");
    expect(within(owed).getByRole("listitem")).toHaveTextContent("15 Spanks");
    expect(owed).toHaveTextContent("15 spanks in escrow until Sam confirms");
  });
});

describe("declining a favour owed", () => {
  it("shows the note and wished time on the seller's clock, asks for a reason, then refunds and drops it", async () => {
    setOwed({
      owed: [
        {
          id: 9,
          name: "Video call",
          description: "At sunrise.",
          price: 40,
          note: "Before my first meeting?",
          wished_at: "2026-11-24T12:30:00.000Z",
          redeemed_at: "2026-11-23T20:00:00.000Z",
          username: "sam",
        },
      ],
      escrowTotal: 40,
    });
    const { user } = openSpankBank("/spank-bank?tab=manage");
    const heading = await screen.findByRole("heading", { level: 3, name: "Sam is waiting for:" });
    const owed = heading.closest<HTMLElement>(".mantine-Paper-root")!;
    // Alex reads it in India: 12:30 UTC is 6:00 PM there.
    expect(owed).toHaveTextContent("Wished for Tue, Nov 24, 6:00 PM your time");
    expect(owed).toHaveTextContent("“Before my first meeting?”");

    await user.click(within(owed).getByRole("button", { name: "Decline Video call" }));
    const modal = await screen.findByRole("dialog", { name: 'Decline "Video call"?' });
    expect(modal).toHaveTextContent("Sam gets the 40 spanks back, and reads your reason.");
    await user.click(within(modal).getByRole("button", { name: "Decline and refund" }));
    expect(within(modal).getByRole("alert")).toHaveTextContent("Please tell Sam why.");
    expect(declineRequests()).toEqual([]);

    // A long reason pasted in is kept whole and cannot be sent until it is shortened.
    const reason = within(modal).getByLabelText("Reason");
    await user.click(reason);
    await user.paste(`On nights that week${".".repeat(290)}`);
    expect(reason).toHaveValue(`On nights that week${".".repeat(290)}`);
    expect(within(modal).getByText("9 characters too long: shorten it to save.")).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Decline and refund" })).toBeDisabled();
    await user.clear(reason);

    await user.type(reason, "On nights that week");
    await user.click(within(modal).getByRole("button", { name: "Decline and refund" }));
    await screen.findByText("Sam is not waiting for anything right now.");
    expect(declineRequests()).toEqual([{ itemId: 9, reason: "On nights that week" }]);
  });
});

describe("a decline whose answer was lost", () => {
  const sunriseCall = {
    id: 9,
    name: "Sunrise call",
    description: "At sunrise.",
    price: 25,
    note: null,
    wished_at: null,
    redeemed_at: "2026-11-23T20:00:00.000Z",
    username: "sam",
  };

  async function declineAndLoseTheAnswer(reason: string) {
    setOwed({ owed: [sunriseCall], escrowTotal: 25 });
    const keys: (string | null)[] = [];
    const keyOf = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === "/api/decline-redeem") keys.push(request.headers.get("idempotency-key"));
    };
    server.events.on("request:start", keyOf);
    onTestFinished(() => server.events.removeListener("request:start", keyOf));
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Decline Sunrise call" }));
    const modal = await screen.findByRole("dialog", { name: 'Decline "Sunrise call"?' });
    await user.type(within(modal).getByLabelText("Reason"), reason);
    loseNextAnswer();
    await user.click(within(modal).getByRole("button", { name: "Decline and refund" }));
    expect(await within(modal).findByRole("alert")).toBeInTheDocument();
    return { user, modal, keys };
  }

  it("is the same decline when pressed again: the same Idempotency-Key, and the partner reads it went through", async () => {
    const { user, modal, keys } = await declineAndLoseTheAnswer("On nights that week");

    await user.click(within(modal).getByRole("button", { name: "Decline and refund" }));

    await screen.findByText('You declined "Sunrise call": 25 spanks went back to your partner.');
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(declineRequests()).toHaveLength(2);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), keys[0]]);
  });

  it("is declined once when its reason is corrected and sent again: the modal closes on the decline as it was made", async () => {
    const { user, modal, keys } = await declineAndLoseTheAnswer("On nigths that week");
    const reason = within(modal).getByLabelText("Reason");
    await user.clear(reason);
    await user.type(reason, "On nights that week");

    await user.click(within(modal).getByRole("button", { name: "Decline and refund" }));

    await screen.findByText(WRITTEN_ALREADY);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(declineRequests()).toHaveLength(2);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), keys[0]]);
  });
});

describe("the add/edit modal", () => {
  async function openAddModal() {
    const rendered = openSpankBank("/spank-bank?tab=manage");
    await rendered.user.click(await screen.findByRole("button", { name: "Add New Product" }));
    const modal = await screen.findByRole("dialog", { name: "Add New Product" });
    return { ...rendered, modal };
  }

  it("counts and cuts the name at 60 and the description at 300", async () => {
    const { user, modal } = await openAddModal();
    expect(within(modal).getByText("0/60")).toBeInTheDocument();
    expect(within(modal).getByText("0/300")).toBeInTheDocument();
    await user.type(within(modal).getByLabelText("Name"), "Hug");
    expect(within(modal).getByText("3/60")).toBeInTheDocument();
    await user.click(within(modal).getByLabelText("Name"));
    await user.paste("x".repeat(70));
    expect(within(modal).getByLabelText("Name")).toHaveValue(`Hug${"x".repeat(57)}`);
    expect(within(modal).getByText("60/60")).toBeInTheDocument();
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste("y".repeat(320));
    expect(within(modal).getByLabelText("Description")).toHaveValue("y".repeat(300));
    expect(within(modal).getByText("300/300")).toBeInTheDocument();
  });

  it("moves the quantity only within 1..10, each button disabled at its end", async () => {
    const { user, modal } = await openAddModal();
    const minus = within(modal).getByRole("button", { name: "Decrease quantity" });
    const plus = within(modal).getByRole("button", { name: "Increase quantity" });
    const quantity = within(within(modal).getByRole("group", { name: "Quantity" })).getByRole("status");
    expect(quantity).toHaveTextContent("1");
    expect(minus).toBeDisabled();
    for (let i = 0; i < 9; i++) await user.click(plus);
    expect(quantity).toHaveTextContent("10");
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();
    await user.click(minus);
    expect(quantity).toHaveTextContent("9");
  });

  it("refuses a price that is not a whole number of spanks instead of multiplying it, and sends nothing", async () => {
    const { user, modal } = await openAddModal();
    await user.click(within(modal).getByLabelText("Name"));
    await user.paste("Foot rub");
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste("Ten minutes each foot.");
    const price = within(modal).getByLabelText("Price (Spanks)");
    for (const typed of ["12.5", "2.99", "7,50", "-5", "abc"]) {
      await user.clear(price);
      await user.paste(typed);
      // Kept as typed: the dot is never dropped (12.5 never becomes 125).
      expect(price).toHaveValue(typed);
      expect(price).toHaveAccessibleDescription(/Price must be a whole number of spanks from 0 to 9999\./);
    }
    await user.clear(price);
    await user.paste("12.5");
    await user.click(within(modal).getByRole("button", { name: "Add Product" }));
    expect(savedProductBodies()).toEqual([]);
    await user.clear(price);
    await user.paste("123456");
    expect(price).toHaveValue("1234");
    expect(price).not.toHaveAccessibleDescription(/whole number/);
  });

  it("shows the validation message and sends nothing when the trimmed name or description is empty", async () => {
    const { user, modal } = await openAddModal();
    await user.click(within(modal).getByLabelText("Name"));
    await user.paste("   ");
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste("A kiss");
    await user.click(within(modal).getByRole("button", { name: "Add Product" }));
    expect(within(modal).getByRole("alert")).toHaveTextContent(
      "Please enter a valid product name, description, quantity (1-10), and price.",
    );
    expect(savedProductBodies()).toEqual([]);
  });

  it("adds a product (empty price means 0), toasts, lists it and resets the form", async () => {
    const { user, modal } = await openAddModal();
    await user.click(within(modal).getByLabelText("Name"));
    await user.paste("  Foot rub ");
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste("Ten minutes each foot.");
    await user.click(within(modal).getByRole("button", { name: "Increase quantity" }));
    await user.click(within(modal).getByRole("button", { name: "Add Product" }));

    await screen.findByText("Product added successfully!");
    expect(savedProductBodies()).toEqual([
      {
        method: "POST",
        body: { name: "Foot rub", description: "Ten minutes each foot.", quantity: 2, price: 0, in_person: false },
      },
    ]);
    await screen.findByRole("heading", { level: 3, name: "Foot rub" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Add New Product" }));
    const again = await screen.findByRole("dialog", { name: "Add New Product" });
    expect(within(again).getByLabelText("Name")).toHaveValue("");
    expect(within(again).getByLabelText("Description")).toHaveValue("");
    expect(within(again).getByLabelText("Price (Spanks)")).toHaveValue("");
  });

  it("resets the form when closed with Cancel", async () => {
    const { user, modal } = await openAddModal();
    await user.type(within(modal).getByLabelText("Name"), "Rub");
    await user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Add New Product" }));
    expect(within(await screen.findByRole("dialog")).getByLabelText("Name")).toHaveValue("");
  });

  it("toasts 'Failed to add or update product. Please try again.' when saving fails", async () => {
    server.use(http.post("/api/products", () => failure(400, "Bad Request", "body.name must not be empty")));
    const { user, modal } = await openAddModal();
    await user.click(within(modal).getByLabelText("Name"));
    await user.paste("Foot rub");
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste("Ten minutes.");
    await user.click(within(modal).getByRole("button", { name: "Add Product" }));
    await screen.findByText("Failed to add or update product. Please try again.");
  });

  it("saves a new price for a sold-out favour, keeping it sold out: no refusal, no unit put back on sale", async () => {
    setProducts([{ ...alexsBreakfast, quantity: 0 }]);
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Edit Breakfast in bed" }));
    const modal = await screen.findByRole("dialog", { name: "Edit Product" });
    expect(within(modal).getByRole("group", { name: "Quantity" })).toHaveTextContent("0");
    await user.clear(within(modal).getByLabelText("Price (Spanks)"));
    await user.type(within(modal).getByLabelText("Price (Spanks)"), "40");
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));

    await screen.findByText("Product updated successfully!");
    expect(screen.queryByText(/^Please enter a valid product name/)).not.toBeInTheDocument();
    expect(productsOnServer()).toEqual([expect.objectContaining({ price: 40, quantity: 0 })]);
  });

  it("edits a product from its current values and toasts 'Product updated successfully!'", async () => {
    setProducts([alexsBreakfast]);
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Edit Breakfast in bed" }));
    const modal = await screen.findByRole("dialog", { name: "Edit Product" });
    expect(within(modal).getByLabelText("Name")).toHaveValue("Breakfast in bed");
    expect(within(modal).getByLabelText("Price (Spanks)")).toHaveValue("15");
    await user.clear(within(modal).getByLabelText("Price (Spanks)"));
    await user.type(within(modal).getByLabelText("Price (Spanks)"), "40");
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));

    await screen.findByText("Product updated successfully!");
    expect(savedProductBodies()).toEqual([
      {
        method: "PUT",
        id: 2,
        body: {
          name: "Breakfast in bed",
          description: alexsBreakfast.description,
          quantity: 2,
          price: 40,
          in_person: false,
          shown_quantity: 2,
          based_on: alexsBreakfast.updated_at,
        },
      },
    ]);
    await waitFor(() => expect(card("Breakfast in bed")).toHaveTextContent("40 Spanks"));
  });

  it("keeps a unit Sam bought while the edit form was open bought: the stock moves only by alex's change", async () => {
    setProducts([alexsBreakfast]);
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Edit Breakfast in bed" }));
    const modal = await screen.findByRole("dialog", { name: "Edit Product" });
    expect(within(modal).getByRole("group", { name: "Quantity" })).toHaveTextContent("2");
    // Sam buys one of the two meanwhile.
    setProducts([{ ...alexsBreakfast, quantity: 1 }]);
    await user.clear(within(modal).getByLabelText("Price (Spanks)"));
    await user.type(within(modal).getByLabelText("Price (Spanks)"), "40");
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));

    await screen.findByText("Product updated successfully!");
    expect(productsOnServer()).toEqual([expect.objectContaining({ name: "Breakfast in bed", price: 40, quantity: 1 })]);
  });
});

describe("a favour changed on another device since the page showed it", () => {
  // Alex's phone painted the Shop from its kept cache; the laptop renamed the favour and raised its price since.
  const changedOnTheLaptop = {
    ...alexsBreakfast,
    name: "Breakfast in bed, with pancakes",
    price: 25,
    updated_at: "2025-03-01T09:00:00.000Z",
  };

  it("refuses the phone's edit with the server's words and keeps the laptop's name and price", async () => {
    setProducts([alexsBreakfast]);
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Edit Breakfast in bed" }));
    const modal = await screen.findByRole("dialog", { name: "Edit Product" });
    setProducts([changedOnTheLaptop]);
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste(" Coffee too.");
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));

    await screen.findByText(PRODUCT_CHANGED_SINCE);
    expect(productsOnServer()).toEqual([changedOnTheLaptop]);
  });

  it("keeps a favour changed since in the Shop when the phone removes it, and says why", async () => {
    setProducts([alexsBreakfast]);
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Remove Breakfast in bed" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Removal" });
    setProducts([changedOnTheLaptop]);
    await user.click(within(dialog).getByRole("button", { name: "Yes, Remove" }));

    await screen.findByText(PRODUCT_CHANGED_BEFORE_REMOVAL);
    expect(productsOnServer()).toEqual([changedOnTheLaptop]);
    expect(removedProductIds()).toEqual([]);
  });
});

describe("an edit whose answer was lost", () => {
  it("is the same edit when saved again: the same Idempotency-Key, so the stock moves once", async () => {
    setProducts([alexsBreakfast]);
    const keys: (string | null)[] = [];
    server.use(
      http.put("/api/products/:id", ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        // The first time, the connection drops before the server's answer arrives.
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({ product: { ...alexsBreakfast, quantity: 5 } });
      }),
    );
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Edit Breakfast in bed" }));
    const modal = await screen.findByRole("dialog", { name: "Edit Product" });
    for (let step = 0; step < 3; step++)
      await user.click(within(modal).getByRole("button", { name: "Increase quantity" }));
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));
    await screen.findByText("Failed to add or update product. Please try again.");
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));
    await screen.findByText("Product updated successfully!");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe("a favour's form sent again, corrected, after a lost answer", () => {
  it("adds the favour once: the same Idempotency-Key, and the form closes on the favour as it was saved", async () => {
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Add New Product" }));
    const modal = await screen.findByRole("dialog", { name: "Add New Product" });
    await user.click(within(modal).getByLabelText("Name"));
    await user.paste("Foot rbu");
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste("Ten minutes each foot.");
    loseNextAnswer();
    await user.click(within(modal).getByRole("button", { name: "Add Product" }));
    await screen.findByText("Failed to add or update product. Please try again.");
    // The partner fixes the typo and presses Add again.
    await user.clear(within(modal).getByLabelText("Name"));
    await user.type(within(modal).getByLabelText("Name"), "Foot rub");
    await user.click(within(modal).getByRole("button", { name: "Add Product" }));

    await waitFor(() => expect(savedProductBodies()).toHaveLength(2));
    expect(productsOnServer().map((product) => product.name)).toEqual(["Foot rbu"]);
    await screen.findByText(WRITTEN_ALREADY);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await screen.findByRole("heading", { level: 3, name: "Foot rbu" });
  });

  it("moves the stock once when the edit is saved again with another count", async () => {
    setProducts([alexsBreakfast]);
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Edit Breakfast in bed" }));
    const modal = await screen.findByRole("dialog", { name: "Edit Product" });
    const more = () => user.click(within(modal).getByRole("button", { name: "Increase quantity" }));
    for (let step = 0; step < 3; step++) await more();
    loseNextAnswer();
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));
    await screen.findByText("Failed to add or update product. Please try again.");
    await more();
    await user.click(within(modal).getByRole("button", { name: "Update Product" }));

    await waitFor(() => expect(savedProductBodies()).toHaveLength(2));
    expect(productsOnServer()).toEqual([expect.objectContaining({ name: "Breakfast in bed", quantity: 5 })]);
    await screen.findByText(WRITTEN_ALREADY);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(card("Breakfast in bed")).toHaveTextContent("Quantity available: 5"));
  });
});

describe("removing a product", () => {
  it("asks 'Confirm Removal' with the quoted name, removes and toasts", async () => {
    setProducts([alexsBreakfast]);
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Remove Breakfast in bed" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Removal" });
    expect(dialog).toHaveTextContent('Are you sure you want to remove the product "Breakfast in bed"?');
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Yes, Remove" }));

    await screen.findByText("Product removed successfully!");
    expect(removedProductIds()).toEqual([2]);
    await screen.findByText("No products to manage.");
    expect(productsOnServer()).toEqual([]);
  });

  it("toasts 'Failed to remove product. Please try again.' when it fails", async () => {
    setProducts([alexsBreakfast]);
    server.use(
      http.delete("/api/products/:id", async () => {
        await delay(1);
        return failure(403, "Forbidden", "Not your product");
      }),
    );
    const { user } = openSpankBank("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Remove Breakfast in bed" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes, Remove" }));
    await screen.findByText("Failed to remove product. Please try again.");
  });
});

describe("years of favours, a page at a time", () => {
  /** `n` favours of `seller`'s, "<seller> n" down to "<seller> 1", the newest first as the server lists them. */
  const listed = (n: number, seller: string, firstId: number) =>
    Array.from({ length: n }, (_, i) => aProduct({ id: firstId + i, name: `${seller} ${n - i}`, username: seller }));
  const shownNames = () =>
    screen
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent)
      .filter((name) => name !== "Favours you owe");

  it("the Shop shows one page of favours with the pager, the partner's first; its page stays in the address; one page shows no pager", async () => {
    setProducts([...listed(3, "alex", 100), ...listed(FAVOURS_PER_PAGE, "sam", 1)]);
    const { user, router } = openSpankBank();
    await screen.findByRole("heading", { level: 3, name: `sam ${FAVOURS_PER_PAGE}` });
    expect(shownNames()).toHaveLength(FAVOURS_PER_PAGE);
    expect(shownNames()).not.toContain("alex 3");
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByRole("heading", { level: 3, name: "alex 3" });
    expect(shownNames()).toEqual(["alex 3", "alex 2", "alex 1"]);
    expect(router.state.location.search).toEqual({ page: 2 });
    for (const buy of screen.getAllByRole("button", { name: "Buy Now" })) expect(buy).toBeDisabled();
    // One's own three fit one page of Manage Products: no pager there.
    await user.click(screen.getByRole("tab", { name: "Manage Products" }));
    await screen.findByRole("button", { name: "Edit alex 1" });
    expect(screen.queryByRole("button", { name: "Page 1" })).not.toBeInTheDocument();
  });

  it("Manage Products pages through one's own listings only, from its first page", async () => {
    setProducts([...listed(FAVOURS_PER_PAGE + 2, "alex", 100), ...listed(5, "sam", 1)]);
    const { user, router } = openSpankBank("/spank-bank?page=2");
    await screen.findByRole("heading", { level: 3, name: "alex 1" });
    await user.click(screen.getByRole("tab", { name: "Manage Products" }));
    await screen.findByRole("button", { name: `Edit alex ${FAVOURS_PER_PAGE + 2}` });
    expect(router.state.location.search).toEqual({ tab: "manage" });
    expect(shownNames()).toHaveLength(FAVOURS_PER_PAGE);
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByRole("button", { name: "Edit alex 1" });
    expect(shownNames()).toEqual(["alex 2", "alex 1"]);
    expect(router.state.location.search).toEqual({ tab: "manage", page: 2 });
  });
});
