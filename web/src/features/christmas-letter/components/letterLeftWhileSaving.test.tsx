import { screen } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { letterPuts } from "@/test/handlers/letters";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

describe("/christmas-letter left while the letter saves", { timeout: 30_000 }, () => {
  it("once saved, does not offer the very words it saved as not saved yet, nor as typed over another device's letter", async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.put("/api/letter", async () => {
        await held;
        // Nothing returned: the fake server's own handler saves what was sent (trimmed, as the server) and answers.
      }),
    );
    signInAs("alex");
    const { user, router } = renderApp("/christmas-letter");
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    // The phone's keyboard left a space after the last word.
    await user.type(editor, "Merry Christmas, my love ");
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    // Alex moves on while the save is on its way; it goes through.
    await router.navigate({ to: "/dashboard" });
    answer();
    await expect.poll(() => letterPuts().length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    await router.navigate({ to: "/christmas-letter" });
    const again = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    expect(again.textContent ?? (again as HTMLTextAreaElement).value).toMatch(/^Merry Christmas, my love\s*$/);
    expect(screen.queryByText(/another device/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Not saved yet/)).not.toBeInTheDocument();
  });
});
