import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { letterFrom, letterPuts } from "@/test/handlers/letters";
import { renderApp } from "@/test/renderApp";

async function openLetterPage() {
  signInAs("alex");
  const app = renderApp("/christmas-letter");
  await screen.findByRole("heading", { level: 1, name: "Christmas Letter" });
  return app;
}

// The whole app renders in jsdom; the test setup prefers reduced motion, so the envelope opens at once.
describe("/christmas-letter", { timeout: 20_000 }, () => {
  it("opens sam's letter to alex from the envelope, rendered with emphasis, and closes it again", async () => {
    letterFrom("sam", "Dear Alex,\n\nYou are my *favourite* person. **Always.**");
    const { user } = await openLetterPage();
    const envelope = await screen.findByRole("button", { name: "Open the letter from Sam" });
    expect(envelope).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("article", { name: "Letter from Sam" })).not.toBeInTheDocument();

    await user.click(envelope);
    const letter = await screen.findByRole("article", { name: "Letter from Sam" });
    expect(letter).toHaveFocus();
    expect(within(letter).getByText("favourite").tagName).toBe("EM");
    expect(within(letter).getByText("Always.").tagName).toBe("STRONG");
    expect(envelope).toHaveAttribute("aria-expanded", "true");

    await user.click(within(letter).getByRole("button", { name: "Close letter" }));
    await waitFor(() => expect(envelope).toHaveFocus());
    expect(envelope).toHaveAttribute("aria-expanded", "false");
  });

  it("holds a warm default until sam has written", async () => {
    const { user } = await openLetterPage();
    await user.click(await screen.findByRole("button", { name: "Open the letter from Sam" }));
    const letter = await screen.findByRole("article", { name: "Letter from Sam" });
    expect(letter).toHaveTextContent("Dear Alex,");
    expect(letter).toHaveTextContent("Sam hasn't sealed their letter in here yet");
  });

  it("writes alex's own letter to sam, showing the count against the limit", async () => {
    letterFrom("alex", "An old draft");
    const { user } = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    expect(editor).toHaveValue("An old draft");
    await user.clear(editor);
    await user.type(editor, "Dear Sam,{Enter}{Enter}Merry *Christmas*.");
    expect(screen.getByText("29/4000")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    expect(await screen.findByText("Your letter to Sam is sealed in its envelope.")).toBeInTheDocument();
    expect(letterPuts()).toEqual([{ text: "Dear Sam,\n\nMerry *Christmas*." }]);
  });

  it("keeps a pasted letter longer than the limit whole, says by how much, and saves it once shortened", async () => {
    const { user } = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    const letter = `Dear Sam,\n\n${"All the ways I love you. ".repeat(163)}Yours.`;
    expect(letter.length).toBe(4092);
    await user.click(editor);
    await user.paste(letter);
    // Nothing is cut: a browser's maxlength would have dropped the last 92 characters without a word.
    expect(editor).toHaveValue(letter);
    expect(screen.getByText("4092/4000")).toBeInTheDocument();
    expect(screen.getByText("92 characters too long: shorten it to save.")).toBeInTheDocument();
    expect(editor).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Save letter" })).toBeDisabled();

    await user.type(editor, "{Backspace}".repeat(92));
    expect(screen.queryByText(/too long/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    expect(await screen.findByText("Your letter to Sam is sealed in its envelope.")).toBeInTheDocument();
    expect(letterPuts()).toEqual([{ text: letter.slice(0, -92) }]);
  });

  it("keeps what alex typed but did not save through a reload, says so, and lets the saved letter be the truth once saved", async () => {
    letterFrom("alex", "An old draft");
    const first = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    await first.user.type(editor, " and more");
    expect(screen.getByText("Not saved yet: kept on this device until you save it.")).toBeInTheDocument();
    first.unmount();

    // The page loaded again: a reload, or the phone closing the tab in the background.
    const second = await openLetterPage();
    const again = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    expect(again).toHaveValue("An old draft and more");
    expect(screen.getByText("Not saved yet: kept on this device until you save it.")).toBeInTheDocument();
    await second.user.click(screen.getByRole("button", { name: "Save letter" }));
    expect(await screen.findByText("Your letter to Sam is sealed in its envelope.")).toBeInTheDocument();
    expect(letterPuts()).toEqual([{ text: "An old draft and more" }]);
    expect(screen.queryByText(/^Not saved yet/)).not.toBeInTheDocument();
    second.unmount();

    letterFrom("alex", "Rewritten on the laptop", "2026-12-25T09:00:00.000Z");
    await openLetterPage();
    expect(await screen.findByRole("textbox", { name: "Your letter to Sam" })).toHaveValue("Rewritten on the laptop");
  });

  it("gives way to the letter saved since on another device, over which the kept words were not typed", async () => {
    letterFrom("alex", "Version one");
    const first = await openLetterPage();
    await first.user.type(await screen.findByRole("textbox", { name: "Your letter to Sam" }), ", typed on the phone");
    first.unmount();

    letterFrom("alex", "Version two, from the laptop", "2026-12-25T09:00:00.000Z");
    await openLetterPage();
    expect(await screen.findByRole("textbox", { name: "Your letter to Sam" })).toHaveValue(
      "Version two, from the laptop",
    );
    expect(screen.queryByText(/^Not saved yet/)).not.toBeInTheDocument();
  });

  it("cannot save a blank letter", async () => {
    const { user } = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    await user.type(editor, "   ");
    expect(screen.getByRole("button", { name: "Save letter" })).toBeDisabled();
    expect(letterPuts()).toEqual([]);
  });
});
