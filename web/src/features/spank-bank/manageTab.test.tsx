import { screen } from "@testing-library/react";
import { delay, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { aProduct, setProducts } from "@/test/handlers/products";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

vi.setConfig({ testTimeout: 30_000 });

const samsMassage = aProduct({ id: 1, name: "Back massage", price: 30 });
const alexsBreakfast = aProduct({ id: 2, name: "Breakfast in bed", username: "alex", price: 15 });

describe("Manage Products on a slow connection", () => {
  it("never lists the partner's favours with Edit and Remove while one's own are still loading", async () => {
    setProducts([samsMassage, alexsBreakfast]);
    signInAs("alex");
    const { user } = renderApp("/spank-bank");
    await screen.findByText("Back massage");
    // Alex's own listings take a few seconds to come (a phone on a slow network).
    server.use(
      http.get("/api/products", async ({ request }) => {
        // Falls through to the fake server's own handler once waited.
        if (new URL(request.url).searchParams.get("username") !== null) await delay(3000);
        return undefined;
      }),
    );
    await user.click(screen.getByRole("tab", { name: "Manage Products" }));
    await screen.findByRole("heading", { level: 2, name: "Manage Your Products" });
    // Sam's favour is not Alex's to edit or remove.
    expect(screen.queryByRole("button", { name: "Edit Back massage" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove Back massage" })).not.toBeInTheDocument();
    await screen.findByRole("button", { name: "Edit Breakfast in bed" }, { timeout: 10_000 });
  });
});
