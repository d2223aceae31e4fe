import { productBody } from "@spankbank/shared/contract/products";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { savedProductBodies } from "@/test/handlers/products";
import { renderApp } from "@/test/renderApp";

vi.setConfig({ testTimeout: 30_000 });

// SPEC section 5: "Product name is cut at 60 characters. Description is cut at 300."
// An emoji is one character: the cut must never leave half of it (a lone surrogate), which the
// server's contract refuses ("must not contain broken characters") so the favour can never be saved.
describe("the add modal's cut at 60 / 300 characters", () => {
  async function openAddModal() {
    signInAs("alex");
    const rendered = renderApp("/spank-bank?tab=manage");
    await rendered.user.click(await screen.findByRole("button", { name: "Add New Product" }));
    const modal = await screen.findByRole("dialog", { name: "Add New Product" });
    return { ...rendered, modal };
  }

  it("never cuts an emoji in half at the name's 60th character, and what it sends passes the server's contract", async () => {
    const { user, modal } = await openAddModal();
    await user.click(within(modal).getByLabelText("Name"));
    // 59 letters and a heart emoji (two UTF-16 units): the 60th character is the emoji.
    await user.paste(`${"a".repeat(59)}💖`);
    const name = within(modal).getByLabelText("Name") as HTMLInputElement;
    // Half an emoji is no character at all: the emoji that does not fit is left out whole.
    expect(name.value).toBe("a".repeat(59));

    await user.click(within(modal).getByLabelText("Description"));
    await user.paste("A whole afternoon, just us.");
    await user.click(within(modal).getByRole("button", { name: "Add Product" }));
    await screen.findByText(/Product added successfully!|Failed to add or update product/);
    const sent = savedProductBodies().map(({ body }) => productBody.safeParse(body));
    expect(sent.map((parsed) => (parsed.success ? "ok" : parsed.error.issues.map((i) => i.message).join()))).toEqual([
      "ok",
    ]);
  });

  it("never cuts an emoji in half at the description's 300th character", async () => {
    const { user, modal } = await openAddModal();
    await user.click(within(modal).getByLabelText("Description"));
    await user.paste(`${"b".repeat(299)}🌹`);
    const description = within(modal).getByLabelText("Description") as HTMLTextAreaElement;
    expect(description.value).toBe("b".repeat(299));
  });
});
