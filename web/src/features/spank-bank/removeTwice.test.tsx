import { act, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { failure, signInAs } from "@/test/handlers/auth";
import { aProduct, setProducts } from "@/test/handlers/products";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

vi.setConfig({ testTimeout: 30_000 });

const alexsBreakfast = aProduct({ id: 2, name: "Breakfast in bed", username: "alex", price: 15, quantity: 2 });

describe("a double tap on 'Yes, Remove'", () => {
  it("removes the favour once and says only that it was removed", async () => {
    setProducts([alexsBreakfast]);
    const deletes: string[] = [];
    let removed = false;
    // As the real server (db/src/products.ts removeProduct -> ownProduct): a favour already removed is a 404.
    server.use(
      http.delete("/api/products/:id", ({ request }) => {
        deletes.push(request.url);
        if (removed) return failure(404, "Not Found", "That product does not exist or was removed.");
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInAs("alex");
    const { user } = renderApp("/spank-bank?tab=manage");
    await user.click(await screen.findByRole("button", { name: "Remove Breakfast in bed" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Removal" });
    const yes = within(dialog).getByRole("button", { name: "Yes, Remove" });
    act(() => {
      yes.click();
      yes.click();
    });
    await screen.findByText("Product removed successfully!");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Confirm Removal" })).toBeNull());
    // Give a second request, if any, time to be answered and toasted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText("Failed to remove product. Please try again.")).toBeNull();
    expect(deletes).toHaveLength(1);
  });
});
