import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setPasskeys } from "@/test/handlers/passkeys";
import { renderApp } from "@/test/renderApp";

async function passkeysFromTheMenu() {
  const user = userEvent.setup();
  signInAs("alex");
  renderApp("/dashboard");
  // The first render of a file loads the whole app: on a busy machine that can pass the usual wait.
  await user.click(await screen.findByRole("button", { name: "Open menu" }, { timeout: 20_000 }));
  await user.click(await screen.findByRole("button", { name: "Passkeys" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Passkeys" }) };
}

describe("the menu's Passkeys", { timeout: 30_000 }, () => {
  it("lists your passkeys with their dates, and removes one only after the confirm", async () => {
    setPasskeys("alex", [
      { name: "My phone", created_at: "2026-11-20T10:00:00.000Z" },
      { name: "Laptop", created_at: "2026-11-01T10:00:00.000Z" },
    ]);
    const { user, dialog } = await passkeysFromTheMenu();
    const list = await within(dialog).findByRole("list", { name: "Your passkeys" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^My phoneAdded .*2026 · not used yet/),
      expect.stringMatching(/^LaptopAdded .*2026 · not used yet/),
    ]);
    await user.click(within(list).getByRole("button", { name: "Remove My phone" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove this passkey?" });
    await user.click(within(confirm).getByRole("button", { name: "Keep it" }));
    const again = await screen.findByRole("dialog", { name: "Passkeys" });
    await user.click(await within(again).findByRole("button", { name: "Remove My phone" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Remove this passkey?" })).getByRole("button", {
        name: "Yes, remove",
      }),
    );
    const after = await screen.findByRole("dialog", { name: "Passkeys" });
    await waitFor(() => expect(within(after).queryByText("My phone")).not.toBeInTheDocument());
    expect(within(after).getByText("Laptop")).toBeInTheDocument();
  });

  it("says so when there are none, and offers to add one", async () => {
    const { dialog } = await passkeysFromTheMenu();
    expect(await within(dialog).findByText("No passkeys yet.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Add a passkey" })).toBeInTheDocument();
  });
});
