import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { laterLettersFromAlex } from "@/test/handlers/laterLetters";
import { loseNextAnswer } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";

async function openLettersPage() {
  signInAs("alex");
  const app = renderApp("/letters");
  await screen.findByRole("heading", { level: 1, name: "Letters for later" });
  return app;
}

describe("/letters: a letter sealed once its answer was lost, its words ending in a space", { timeout: 60_000 }, () => {
  it("shows it as sealed after a reload, not as words still to seal, and never seals it twice", async () => {
    // A phone keyboard leaves a space after the last word it completed.
    const first = await openLettersPage();
    await first.user.type(screen.getByLabelText("Your letter to Sam"), "For the sleepless nights, love you ");
    await first.user.click(screen.getByText("Open when...", { exact: true }));
    loseNextAnswer();
    await first.user.click(screen.getByRole("button", { name: "Seal letter" }));
    await screen.findByText(/^Your letter was not sealed: /);
    first.unmount();

    // Alex reloads to see whether it went through: it did (the server sealed it, trimmed).
    const second = await openLettersPage();
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    await within(mine).findByText("For the sleepless nights, love you");
    expect(laterLettersFromAlex()).toHaveLength(1);
    // The page offers the sealed words as still to seal; alex seals "them" and Sam gets the letter twice.
    await waitFor(() => expect(screen.getByLabelText("Your letter to Sam")).toHaveValue(""), { timeout: 3_000 }).catch(
      async () => {
        // Still offered as "Not sealed yet": alex seals "them", and Sam gets the same letter twice.
        await second.user.click(screen.getByRole("button", { name: "Seal letter" }));
        await screen.findByText("Your letter to Sam is sealed.");
      },
    );
    expect(laterLettersFromAlex()).toHaveLength(1);
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("");
  });
});
