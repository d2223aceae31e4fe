import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import {
  laterLetterFrom,
  laterLettersFromAlex,
  postedLaterLetterBodies,
  SEALED_AGAIN_BEFORE_TAKE_BACK,
} from "@/test/handlers/laterLetters";
import { loseNextAnswer, WRITTEN_ALREADY } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";
import { laterLetterKeys } from "../api/keys";

/** The form's line under words typed over a version sealed again since. */
const SEALED_AGAIN_NOTICE =
  "This letter was sealed again on another device since you wrote these words here. Sealing replaces it with these.";

/** The next seal's answer waits until the returned function is called (a phone on a slow connection). */
function holdNextSeal(method: "post" | "put"): () => void {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const path = method === "post" ? "/api/later-letters" : "/api/later-letters/:id";
  server.use(
    http[method](
      path,
      async () => {
        await held;
        // Nothing returned: the fake server's own handler seals it and answers.
      },
      { once: true },
    ),
  );
  return answer;
}

async function openLettersPage() {
  signInAs("alex");
  const app = renderApp("/letters");
  await screen.findByRole("heading", { level: 1, name: "Letters for later" });
  return app;
}

// First in the file: a focus returned by an earlier test follows its control for a few seconds into the next tests' pages.
describe("/letters: the keyboard's place after an action whose control goes away", { timeout: 30_000 }, () => {
  it("opening a letter whose moment has come leaves the focus on the letter's heading", async () => {
    laterLetterFrom("sam", {
      opening: { kind: "date", date: "2026-11-20", time: "08:00" },
      opens_at: "2026-11-20T02:30:00.000Z",
      state: "ready",
      text: "Happy day, love.",
    });
    const { user } = await openLettersPage();
    const waiting = await screen.findByRole("region", { name: "Waiting for you" });
    const [letter] = await within(waiting).findAllByRole("article");
    await user.click(within(letter!).getByRole("button", { name: "Open this letter" }));
    await waitFor(() => expect(letter).toHaveTextContent("Happy day, love."));
    await waitFor(() => expect(within(letter!).getByRole("heading", { name: "From Sam" })).toHaveFocus());
  });

  it("Cancel on an edit leaves the focus in the form, now for a new letter", async () => {
    laterLetterFrom("alex", { state: "sealed", text: "Version one" });
    const { user } = await openLettersPage();
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    await within(mine).findByText("Version one");
    await user.click(within(mine).getByRole("button", { name: "Edit" }));
    await screen.findByRole("heading", { name: "Edit your letter" });
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByRole("heading", { name: "Write a letter for later" });
    await waitFor(() => expect(document.activeElement?.tagName).toBe("TEXTAREA"));
  });

  // Last of these: the focus it returns follows the list's heading for a few seconds, into the next tests' pages.
  it("taking a letter back leaves the focus on the list's heading", async () => {
    laterLetterFrom("alex", { state: "sealed", text: "Version one" });
    laterLetterFrom("alex", { state: "sealed", text: "Another one" });
    const { user } = await openLettersPage();
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    await within(mine).findByText("Version one");
    await user.click(within(mine).getAllByRole("button", { name: "Take back" })[0]!);
    const confirm = await screen.findByRole("dialog", { name: "Take this letter back?" });
    await user.click(within(confirm).getByRole("button", { name: "Take it back" }));
    await waitFor(() => expect(within(mine).queryByText("Version one")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("heading", { name: "Letters you wrote to Sam" })).toHaveFocus());
  });
});

describe("/letters", { timeout: 20_000 }, () => {
  it("shows a sealed envelope's moment on alex's clock, and opens an 'open when' one only after the confirm", async () => {
    // The page's clock at the fake server's today (handlers/laterLetters.ts): a moment of another
    // year would be labelled with its year. Only Date is faked: the app's timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // 13:00 UTC on 24 December is 18:30 in Kolkata (alex's clock).
    laterLetterFrom("sam", {
      opening: { kind: "date", date: "2026-12-24", time: "08:00" },
      opens_at: "2026-12-24T13:00:00.000Z",
      state: "sealed",
      text: "Never shown early",
    });
    laterLetterFrom("sam", { text: "Chin up, love." });
    const { user } = await openLettersPage();
    const waiting = await screen.findByRole("region", { name: "Waiting for you" });
    const [sealed, sad] = await within(waiting).findAllByRole("article");
    expect(sealed).toHaveTextContent("Opens Thu 24 Dec, 18:30 your time");
    expect(sealed).toHaveTextContent("Sealed");
    expect(within(sealed!).queryByRole("button")).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("Never shown early");

    await user.click(within(sad!).getByRole("button", { name: "Open this letter" }));
    const confirm = await screen.findByRole("dialog", { name: "Open when you're sad?" });
    expect(sad).not.toHaveTextContent("Chin up, love.");
    await user.click(within(confirm).getByRole("button", { name: "Open it" }));
    await waitFor(() => expect(sad).toHaveTextContent("Chin up, love."));
  });

  it("seals an 'open when' letter to sam and lists it among alex's own", async () => {
    const { user } = await openLettersPage();
    await user.type(screen.getByLabelText("Your letter to Sam"), "For the sleepless nights.");
    await user.click(screen.getByText("Open when...", { exact: true }));
    await user.click(screen.getByRole("radio", { name: "you can't sleep" }));
    await user.click(screen.getByRole("button", { name: "Seal letter" }));
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    expect(await within(mine).findByText("Open when you can't sleep")).toBeInTheDocument();
    expect(within(mine).getByText("Waiting for Sam to need it.")).toBeInTheDocument();
  });

  it("'When it opens' is one radio group to the keyboard: Tab stops on the chosen option, the arrows move the choice", async () => {
    const { user } = await openLettersPage();
    const opens = screen.getByRole("radiogroup", { name: "When it opens" });
    await user.click(within(opens).getByText("Open when...", { exact: true }));
    screen.getByLabelText("Your letter to Sam").focus();
    await user.tab();
    expect(within(opens).getByRole("radio", { name: "Open when..." })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    const anniversary = within(opens).getByRole("radio", { name: "Our anniversary" });
    expect(anniversary).toHaveFocus();
    expect(anniversary).toBeChecked();
    expect(screen.getByText(/^It opens on your next anniversary, /)).toBeInTheDocument();
  });

  it("says in words why a date gone by is refused: the message names no field path", async () => {
    const { user } = await openLettersPage();
    await user.type(screen.getByLabelText("Your letter to Sam"), "Too late for this one.");
    await user.type(screen.getByLabelText("Date", { exact: false, selector: "input[type=date]" }), "2020-01-01");
    await user.click(screen.getByRole("button", { name: "Seal letter" }));
    expect(
      await screen.findByText("Your letter was not sealed: 2020-01-01 at 08:00 has already passed on Sam's clock"),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("opening.date");
  });

  it("keeps a letter not sealed yet, words and moment, through a reload; sealed, the form is empty again", async () => {
    const first = await openLettersPage();
    await first.user.type(screen.getByLabelText("Your letter to Sam"), "For the sleepless nights.");
    await first.user.click(screen.getByText("Open when...", { exact: true }));
    await first.user.click(screen.getByRole("radio", { name: "you can't sleep" }));
    expect(screen.getByText("Not sealed yet: kept on this device until you seal it.")).toBeInTheDocument();
    first.unmount();

    const second = await openLettersPage();
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("For the sleepless nights.");
    expect(screen.getByRole("radio", { name: "you can't sleep" })).toBeChecked();
    await second.user.click(screen.getByRole("button", { name: "Seal letter" }));
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    expect(await within(mine).findByText("Open when you can't sleep")).toBeInTheDocument();
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("");
    expect(screen.queryByText(/^Not sealed yet/)).not.toBeInTheDocument();
    second.unmount();

    await openLettersPage();
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("");
  });

  it("seals a letter once when the partner leaves the page while it seals: back on it, the form is empty and says nothing is unsealed", async () => {
    const { user, router } = await openLettersPage();
    // The seal's answer takes a while (a phone on a slow connection); the partner moves on meanwhile.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post("/api/later-letters", async () => {
        await held;
        // Nothing returned: the fake server's own handler seals it and answers.
      }),
    );
    await user.type(screen.getByLabelText("Your letter to Sam"), "For the sleepless nights.");
    await user.click(screen.getByText("Open when...", { exact: true }));
    await user.click(screen.getByRole("button", { name: "Seal letter" }));
    await router.navigate({ to: "/dashboard" });
    answer();
    await waitFor(() => expect(laterLettersFromAlex()).toHaveLength(1));

    await router.navigate({ to: "/letters" });
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    await within(mine).findByText("Open when you're sad");
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("");
    expect(screen.queryByText(/^Not sealed yet/)).not.toBeInTheDocument();
    expect(laterLettersFromAlex()).toHaveLength(1);
  });

  it("shows a letter sealed once its answer was lost as sealed after a reload, not as words still to seal", async () => {
    const first = await openLettersPage();
    await first.user.type(screen.getByLabelText("Your letter to Sam"), "For the sleepless nights.");
    await first.user.click(screen.getByText("Open when...", { exact: true }));
    loseNextAnswer();
    await first.user.click(screen.getByRole("button", { name: "Seal letter" }));
    await screen.findByText(/^Your letter was not sealed: /);
    first.unmount();

    await openLettersPage();
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    await within(mine).findByText("For the sleepless nights.");
    await waitFor(() => expect(screen.getByLabelText("Your letter to Sam")).toHaveValue(""));
    expect(screen.queryByText(/^Not sealed yet/)).not.toBeInTheDocument();
    expect(laterLettersFromAlex()).toHaveLength(1);
  });

  it("seals a letter once when, after a lost answer, its words are corrected and sealed again: the letter shows as sealed, and the corrected words wait as its edit until sealed", async () => {
    const { user } = await openLettersPage();
    const words = screen.getByLabelText("Your letter to Sam");
    await user.type(words, "Chin up, lvoe.");
    await user.click(screen.getByText("Open when...", { exact: true }));
    loseNextAnswer();
    await user.click(screen.getByRole("button", { name: "Seal letter" }));
    await screen.findByText(/^Your letter was not sealed: /);
    // The partner fixes the typo and seals again.
    await user.clear(words);
    await user.type(words, "Chin up, love.");
    await user.click(screen.getByRole("button", { name: "Seal letter" }));

    // The page answers the second press: sealed (a second letter), or sealed already (the first try).
    await waitFor(() =>
      expect(screen.queryByText("Your letter to Sam is sealed.") ?? screen.queryByText(WRITTEN_ALREADY)).not.toBeNull(),
    );
    expect(laterLettersFromAlex()).toEqual([expect.objectContaining({ text: "Chin up, lvoe." })]);
    expect(screen.getByText(WRITTEN_ALREADY)).toBeInTheDocument();
    expect(postedLaterLetterBodies().length).toBeGreaterThanOrEqual(2);
    // The letter shows as it was sealed; the corrected words are not lost: they wait as its edit.
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    expect(await within(mine).findByText("Chin up, lvoe.")).toBeInTheDocument();
    await screen.findByRole("heading", { level: 2, name: "Edit your letter" });
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("Chin up, love.");
    expect(screen.getByText("Not sealed yet: kept on this device until you seal it.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    await screen.findByText("Your letter is rewritten and sealed again.");
    expect(laterLettersFromAlex()).toEqual([expect.objectContaining({ text: "Chin up, love." })]);
    expect(await within(mine).findByText("Chin up, love.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Write a letter for later" })).toBeInTheDocument();
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("");
    expect(screen.queryByText(/^Not sealed yet/)).not.toBeInTheDocument();
  });

  it("keeps the words typed into a rewrite while it was sealing: the edit stays open on them, over the version sealed", async () => {
    const letter = laterLetterFrom("alex", { state: "sealed", text: "Version one" });
    const answer = holdNextSeal("put");
    const { user } = await openLettersPage();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const words = screen.getByLabelText("Your letter to Sam");
    await user.type(words, ", with love");
    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    await user.type(words, ". P.S. Look under the bed.");
    answer();
    await screen.findByText("Your letter is rewritten and sealed again.");

    expect(letter.text).toBe("Version one, with love");
    await waitFor(
      () =>
        expect(screen.getByLabelText("Your letter to Sam")).toHaveValue(
          "Version one, with love. P.S. Look under the bed.",
        ),
      { timeout: 5_000 },
    );
    expect(screen.getByRole("heading", { level: 2, name: "Edit your letter" })).toBeInTheDocument();
    expect(screen.getByText("Not sealed yet: kept on this device until you seal it.")).toBeInTheDocument();
    expect(screen.queryByText(SEALED_AGAIN_NOTICE)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    await waitFor(() => expect(letter.text).toBe("Version one, with love. P.S. Look under the bed."));
  });

  it("keeps the words typed into a new letter while it was sealing, as the sealed letter's edit, never a second letter", async () => {
    const answer = holdNextSeal("post");
    const { user } = await openLettersPage();
    await user.type(screen.getByLabelText("Your letter to Sam"), "For the sleepless nights");
    await user.click(screen.getByText("Open when...", { exact: true }));
    await user.click(screen.getByRole("button", { name: "Seal letter" }));
    await user.type(screen.getByLabelText("Your letter to Sam"), ". Count my kisses.");
    answer();
    await screen.findByText("Your letter to Sam is sealed.");

    expect(laterLettersFromAlex()).toEqual([expect.objectContaining({ text: "For the sleepless nights" })]);
    await waitFor(
      () =>
        expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("For the sleepless nights. Count my kisses."),
      { timeout: 5_000 },
    );
    await screen.findByRole("heading", { level: 2, name: "Edit your letter" });
    expect(screen.getByText("Not sealed yet: kept on this device until you seal it.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    await screen.findByText("Your letter is rewritten and sealed again.");
    expect(laterLettersFromAlex()).toEqual([
      expect.objectContaining({ text: "For the sleepless nights. Count my kisses." }),
    ]);
  });

  it("keeps the words typed into a letter sealed again since on another device, says so, and offers the sealed one", async () => {
    const letter = laterLetterFrom("alex", { state: "sealed", text: "Version one" });
    const first = await openLettersPage();
    await first.user.click(await screen.findByRole("button", { name: "Edit" }));
    await first.user.type(screen.getByLabelText("Your letter to Sam"), ", from the phone");
    first.unmount();

    // The laptop rewrites and seals it again meanwhile.
    letter.text = "Version two, from the laptop";
    letter.updated_at = "2026-11-24T08:00:00.000Z";
    const { user } = await openLettersPage();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("Version one, from the phone");
    expect(screen.getByText(SEALED_AGAIN_NOTICE)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show the sealed one instead" }));
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("Version two, from the laptop");
    expect(screen.queryByText(/^This letter was sealed again/)).not.toBeInTheDocument();
  });

  it("refuses to seal over a version sealed again since on another device, keeps the words, then seals knowingly", async () => {
    const letter = laterLetterFrom("alex", { state: "sealed", text: "Version one" });
    const { user } = await openLettersPage();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const words = screen.getByLabelText("Your letter to Sam");
    await user.type(words, ", from the phone");

    // The laptop rewrites and seals it again while the phone's form is open.
    letter.text = "Version two, from the laptop";
    letter.updated_at = "2026-11-24T08:00:00.000Z";
    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    expect(
      await screen.findByText(
        "Your letter was not sealed: This letter was sealed again on another device since you opened it: nothing was replaced. Read the sealed one, then seal again to replace it.",
      ),
    ).toBeInTheDocument();
    expect(letter.text).toBe("Version two, from the laptop");
    expect(words).toHaveValue("Version one, from the phone");
    await screen.findByText(SEALED_AGAIN_NOTICE);

    // Sealed again, knowing: over the version the form now names.
    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    await screen.findByText("Your letter is rewritten and sealed again.");
    expect(letter.text).toBe("Version one, from the phone");
  });

  it("keeps the page, and the letter being edited, when reading the letters again fails", async () => {
    laterLetterFrom("alex", { state: "sealed", text: "Version one" });
    const { user, queryClient } = await openLettersPage();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    await user.type(screen.getByLabelText("Your letter to Sam"), ", with love");
    // The server goes down for its restart as the page reads the letters again.
    server.use(
      http.get("/api/later-letters", () =>
        HttpResponse.json({ statusCode: 503, error: "Service Unavailable", message: "Restarting" }, { status: 503 }),
      ),
    );
    await queryClient.refetchQueries({ queryKey: laterLetterKeys.all });
    await waitFor(
      () => expect(queryClient.getQueryState(laterLetterKeys.page({ toYou: 1, fromYou: 1 }))?.status).toBe("error"),
      {
        timeout: 8_000,
      },
    );
    expect(screen.queryByText("Your letters could not be loaded. Try again in a moment.")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("Version one, with love");
  });

  it("pages the letters from Sam and the ones you wrote each with a pager of its own: a later page of one never says the other is empty", async () => {
    for (let n = 1; n <= 7; n += 1) laterLetterFrom("sam", { state: "open", text: `From Sam ${n}` });
    laterLetterFrom("alex", { state: "sealed", text: "To Sam, the first" });
    laterLetterFrom("alex", { state: "sealed", text: "To Sam, the second" });
    signInAs("alex");
    const { user, router } = renderApp("/letters");
    await screen.findByText("From Sam 1");
    const fromSam = screen.getByRole("navigation", { name: "Letters from Sam" });
    // Alex's two letters fit one page: no pager of their own.
    expect(screen.queryByRole("navigation", { name: "Letters you wrote to Sam" })).not.toBeInTheDocument();
    await user.click(within(fromSam).getByRole("button", { name: "Page 2" }));
    await screen.findByText("From Sam 6");
    expect(screen.getByText("From Sam 7")).toBeInTheDocument();
    expect(screen.queryByText("From Sam 1")).not.toBeInTheDocument();
    expect(screen.getByText("To Sam, the first")).toBeInTheDocument();
    expect(screen.getByText("To Sam, the second")).toBeInTheDocument();
    expect(screen.queryByText("None yet.")).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({ for_you: 2, you_wrote: 1 });
  });

  it("refuses, then seals knowingly, a letter edited off the page shown: it is read by itself", async () => {
    const letters = [1, 2, 3, 4, 5, 6].map((n) => laterLetterFrom("alex", { state: "sealed", text: `Letter ${n}` }));
    const sixth = letters[5]!;
    signInAs("alex");
    const { user } = renderApp("/letters?page=2");
    await screen.findByRole("heading", { level: 1, name: "Letters for later" });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    expect(screen.getByLabelText("Your letter to Sam")).toHaveValue("Letter 6");
    await user.click(screen.getByRole("button", { name: "Page 1" }));
    await screen.findByText("Letter 1");
    // The laptop seals it again meanwhile.
    sixth.text = "Letter 6, from the laptop";
    sixth.updated_at = "2026-11-24T08:00:00.000Z";
    await user.type(screen.getByLabelText("Your letter to Sam"), ", from the phone");
    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    await screen.findByText(/^Your letter was not sealed: This letter was sealed again/);
    await screen.findByText(SEALED_AGAIN_NOTICE);
    await user.click(screen.getByRole("button", { name: "Seal it again" }));
    await screen.findByText("Your letter is rewritten and sealed again.");
    expect(sixth.text).toBe("Letter 6, from the phone");
  });

  it("keeps a letter sealed again on another device when a page showing the older one takes it back, and shows the new words", async () => {
    const letter = laterLetterFrom("alex", { state: "sealed", text: "Version one" });
    const { user } = await openLettersPage();
    const mine = await screen.findByRole("region", { name: "Letters you wrote to Sam" });
    await within(mine).findByText("Version one");

    // The laptop rewrites and seals it again while this page still shows the first version.
    letter.text = "Version two, from the laptop";
    letter.updated_at = "2026-11-24T08:00:00.000Z";
    await user.click(within(mine).getByRole("button", { name: "Take back" }));
    const confirm = await screen.findByRole("dialog", { name: "Take this letter back?" });
    await user.click(within(confirm).getByRole("button", { name: "Take it back" }));
    // A bounded wait, so a refusal of another kind fails with what the page said, not at the timeout.
    await screen.findByText(SEALED_AGAIN_BEFORE_TAKE_BACK, {}, { timeout: 8_000 });
    expect(await within(mine).findByText("Version two, from the laptop")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // Taken back knowingly, from the version the page shows now.
    await user.click(within(mine).getByRole("button", { name: "Take back" }));
    const again = await screen.findByRole("dialog", { name: "Take this letter back?" });
    await user.click(within(again).getByRole("button", { name: "Take it back" }));
    await screen.findByText("You took the letter back.");
    await waitFor(() => expect(within(mine).queryByText("Version two, from the laptop")).not.toBeInTheDocument());
  });
});
