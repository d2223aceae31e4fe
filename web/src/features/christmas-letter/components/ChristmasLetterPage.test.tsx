import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { failure, signInAs } from "@/test/handlers/auth";
import { letterFrom, letterPuts, letterReplyFor } from "@/test/handlers/letters";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";
import { samSignsIn, signOutFromMenu } from "@/test/switchPartners";

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
    await screen.findByText("Your letter to Sam is sealed in its envelope.");
    expect(letterPuts()).toEqual([{ text: "Dear Sam,\n\nMerry *Christmas*.", basedOn: "2026-12-24T18:00:00.000Z" }]);
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
    await screen.findByText("Your letter to Sam is sealed in its envelope.");
    expect(letterPuts()).toEqual([{ text: letter.slice(0, -92), basedOn: null }]);
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
    await screen.findByText("Your letter to Sam is sealed in its envelope.");
    expect(letterPuts()).toEqual([{ text: "An old draft and more", basedOn: "2026-12-24T18:00:00.000Z" }]);
    expect(screen.queryByText(/^Not saved yet/)).not.toBeInTheDocument();
    second.unmount();

    letterFrom("alex", "Rewritten on the laptop", "2026-12-25T09:00:00.000Z");
    await openLetterPage();
    expect(await screen.findByRole("textbox", { name: "Your letter to Sam" })).toHaveValue("Rewritten on the laptop");
  });

  it("keeps the words typed over a letter saved since on another device, says so, and offers the saved one instead", async () => {
    letterFrom("alex", "Version one");
    const first = await openLetterPage();
    await first.user.type(await screen.findByRole("textbox", { name: "Your letter to Sam" }), ", typed on the phone");
    first.unmount();

    letterFrom("alex", "Version two, from the laptop", "2026-12-25T09:00:00.000Z");
    const { user } = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    expect(editor).toHaveValue("Version one, typed on the phone");
    expect(
      screen.getByText(
        "Your letter was saved on another device since you wrote these words here. Saving replaces it with these.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show the saved one instead" }));
    expect(editor).toHaveValue("Version two, from the laptop");
    expect(screen.queryByText(/^Your letter was saved on another device/)).not.toBeInTheDocument();
    expect(letterPuts()).toEqual([]);
  });

  it("never replaces unseen a letter saved on another device while this page was open: refused, the words stay, saved on purpose after", async () => {
    letterFrom("alex", "Version one");
    const { user } = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    await user.type(editor, ", typed on the phone");
    // Meanwhile the laptop saves its own version.
    letterFrom("alex", "Version two, from the laptop", "2026-12-25T09:00:00.000Z");
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    expect(
      await screen.findByText(
        "Your letter was not saved: Saved on another device since you wrote these words: nothing was replaced. Read the saved one, then save again to replace it.",
      ),
    ).toBeInTheDocument();
    // The page read the laptop's version; the phone's words are still in the editor, and it says so.
    expect(
      await screen.findByText(
        "Your letter was saved on another device since you wrote these words here. Saving replaces it with these.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Your letter to Sam" })).toHaveValue("Version one, typed on the phone");

    await user.click(screen.getByRole("button", { name: "Save letter" }));
    await screen.findByText("Your letter to Sam is sealed in its envelope.");
    expect(letterPuts()).toEqual([
      { text: "Version one, typed on the phone", basedOn: "2026-12-24T18:00:00.000Z" },
      { text: "Version one, typed on the phone", basedOn: "2026-12-25T09:00:00.000Z" },
    ]);
  });

  it("keeps the words typed while the letter was on its way, over the version saved, and saves them next", async () => {
    letterFrom("alex", "Version one");
    // The save takes a while (a phone on a slow connection): the partner goes on writing meanwhile.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.put("/api/letter", async () => {
        await held;
        // Nothing returned: the fake server's own handler saves what was sent and answers.
      }),
    );
    const { user } = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    await user.type(editor, ", with love");
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    await user.type(editor, ". P.S. Mistletoe at eight.");
    answer();
    await screen.findByText("Your letter to Sam is sealed in its envelope.");

    // The words sent are saved; the P.S. typed after them is still here, not saved yet (and no other device saved anything).
    await waitFor(
      () =>
        expect(screen.getByRole("textbox", { name: "Your letter to Sam" })).toHaveValue(
          "Version one, with love. P.S. Mistletoe at eight.",
        ),
      { timeout: 5_000 },
    );
    expect(screen.getByText("Not saved yet: kept on this device until you save it.")).toBeInTheDocument();
    expect(screen.queryByText(/another device/)).not.toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    await waitFor(() => expect(letterPuts()).toHaveLength(2));
    expect(letterPuts()[1]).toEqual({
      text: "Version one, with love. P.S. Mistletoe at eight.",
      basedOn: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByText(/^Not saved yet/)).not.toBeInTheDocument());
  });

  it("cannot save a blank letter", async () => {
    const { user } = await openLetterPage();
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    await user.type(editor, "   ");
    expect(screen.getByRole("button", { name: "Save letter" })).toBeDisabled();
    expect(letterPuts()).toEqual([]);
  });
});

describe("a letter's save still on its way when the partners switch on one device", { timeout: 30_000 }, () => {
  it("opens Sam's own letter for Sam, not Alex's answer that arrived after the switch", async () => {
    letterFrom("alex", "Dear Sam, version one");
    letterFrom("sam", "Dear Alex, from Sam");
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.put("/api/letter", async ({ request }) => {
        // As the server: Alex's session cookie came with it, so it is Alex's letter that is saved.
        letterFrom("alex", ((await request.json()) as { text: string }).text, "2026-12-25T09:00:00.000Z");
        const reply = letterReplyFor("alex");
        await answered;
        return HttpResponse.json(reply);
      }),
    );
    const { user, router, queryClient } = await openLetterPage();
    await user.type(await screen.findByRole("textbox", { name: "Your letter to Sam" }), ", with love");
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    await signOutFromMenu(user);
    // Alex's words are on their way: signing out asks first, and Alex goes.
    await user.click(await screen.findByRole("button", { name: "Sign out anyway" }));
    await samSignsIn(user);

    // Alex's answer arrives only now; Sam opens the Christmas letter.
    answer();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await router.navigate({ to: "/christmas-letter" });
    const editor = await screen.findByRole("textbox", { name: "Your letter to Alex" });

    expect(editor).toHaveValue("Dear Alex, from Sam");
    expect(screen.queryByText(/another device/)).not.toBeInTheDocument();
  });
});

describe("/christmas-letter when the letter cannot be read", { timeout: 30_000 }, () => {
  it("says the letter failed to load instead of 'Loading...' for ever", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.get("/api/letter", () => failure(500, "Internal Server Error", "boom")));
    signInAs("alex");
    renderApp("/christmas-letter");
    await screen.findByRole("heading", { level: 1, name: "Christmas Letter" });
    // Past the query's own retries (2, with back-off): the read has failed for good.
    expect(await screen.findByRole("alert", {}, { timeout: 15_000 })).toHaveTextContent(
      "Could not load the letters. Please try again later.",
    );
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });
});

describe("/christmas-letter: saving keeps the keyboard's place", { timeout: 30_000 }, () => {
  it("focus stays on the page (not the body) after Save letter", async () => {
    signInAs("alex");
    const { user } = renderApp("/christmas-letter");
    const editor = await screen.findByRole("textbox", { name: "Your letter to Sam" });
    await user.type(editor, "Dear Sam, merry Christmas.");
    await user.click(screen.getByRole("button", { name: "Save letter" }));
    await screen.findByText("Your letter to Sam is sealed in its envelope.");
    // The editor is drawn anew for the saved version: its Save button has the focus again.
    await waitFor(() => expect(screen.getByRole("button", { name: "Save letter" })).toHaveFocus());
  });
});
