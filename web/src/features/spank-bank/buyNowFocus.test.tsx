import { screen, waitFor, within } from "@testing-library/react";
import { delay, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { aProduct, setProducts } from "@/test/handlers/products";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

vi.setConfig({ testTimeout: 30_000 });

const card = (name: string) =>
  screen.getByRole("heading", { level: 3, name }).closest<HTMLElement>(".mantine-Card-root")!;

describe("Buy Now by keyboard", () => {
  it("leaves the keyboard on the same Buy Now after a purchase, ready to buy again", async () => {
    setProducts([aProduct({ id: 1, name: "Back massage", price: 30 })]);
    signInAs("alex");
    const { user } = renderApp("/spank-bank");
    await screen.findByText("You have 120 spanks");
    // The answer takes a moment, as over a phone's connection (then the fake server answers it).
    server.use(
      http.post("/api/purchase", async () => {
        await delay(300);
        return undefined;
      }),
    );
    within(card("Back massage")).getByRole("button", { name: "Buy Now" }).focus();
    await user.keyboard("{Enter}");
    await screen.findByText('You bought "Back massage".');
    await waitFor(() => expect(card("Back massage")).toHaveTextContent("Quantity available: 2"));
    await waitFor(() => expect(within(card("Back massage")).getByRole("button", { name: "Buy Now" })).toHaveFocus());
  });

  it("goes to the selected tab when the favour is gone from the list once it reloads (the seller removed it meanwhile)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    setProducts([
      aProduct({ id: 1, name: "Back massage", price: 30 }),
      aProduct({ id: 2, name: "Breakfast", price: 10 }),
    ]);
    signInAs("alex");
    const { user } = renderApp("/spank-bank");
    await screen.findByText("You have 120 spanks");
    // Sam removes the back massage while Alex's page still shows it.
    setProducts([aProduct({ id: 2, name: "Breakfast", price: 10 })]);
    within(card("Back massage")).getByRole("button", { name: "Buy Now" }).focus();
    await user.keyboard("{Enter}");
    await screen.findByText("That product is gone.");
    await waitFor(() => expect(screen.queryByRole("heading", { level: 3, name: "Back massage" })).toBeNull());
    await waitFor(() => expect(screen.getByRole("tab", { name: "Shop" })).toHaveFocus());
  });
});
