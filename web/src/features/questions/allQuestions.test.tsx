import type { Question } from "@spankbank/shared/contract/questions";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { signInAs } from "@/test/handlers/auth";
import {
  answerAs,
  failAnswers,
  failQuestionReads,
  holdQuestionReads,
  questionSearchesAsked,
  receivedAnswers,
  setGuessReward,
  setQuestions,
} from "@/test/handlers/questions";
import { renderApp } from "@/test/renderApp";

afterEach(() => {
  toast.dismissAll();
  vi.restoreAllMocks();
});

const PROMPT = "You haven't responded yet. Click here to add your response.";

function questions(): Question[] {
  return [
    {
      question_id: 2,
      question: "Where should we travel next?",
      asked_at: "2026-11-21T03:30:00.000Z",
      responses: [{ username: "alex_d", response: "Lisbon, for the tiles.", created_at: "2026-11-21T10:15:00.000Z" }],
    },
    {
      question_id: 1,
      question: "What song reminds you of us?",
      asked_at: "2026-11-20T03:30:00.000Z",
      responses: [],
    },
  ];
}

async function qaAs(who: "alex" | "sam", path = "/allquestions") {
  signInAs(who);
  answerAs(who === "alex" ? "alex_d" : "sam_r");
  setQuestions(questions());
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "All Q&A" });
  return app;
}

/** The question's card on the page (an open form repeats the question's words). */
const article = (question: string) =>
  screen
    .getAllByText(question)
    .map((text) => text.closest("article"))
    .find((card) => card !== null) as HTMLElement;

describe("All Q&A", { timeout: 60_000 }, () => {
  it("shows alex the prompt only in alex's own empty slot, and a quoted line for sam's", async () => {
    await qaAs("alex");
    await screen.findByText("Where should we travel next?");
    const travel = article("Where should we travel next?");
    expect(within(travel).getByText("Lisbon, for the tiles.")).toBeInTheDocument();
    expect(
      // Its day and time to the minute, as every other time in the app: no seconds.
      within(travel).getByText(
        `Alex · ${new Date("2026-11-21T10:15:00.000Z").toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`,
      ),
    ).toBeInTheDocument();
    expect(within(travel).getByText(`"Sam hasn't responded yet."`)).toBeInTheDocument();
    expect(within(travel).queryByText(PROMPT)).toBeNull();
    const song = article("What song reminds you of us?");
    expect(within(song).getAllByText(PROMPT)).toHaveLength(1);
    expect(within(song).getByText(`"Sam hasn't responded yet."`)).toBeInTheDocument();
  });

  it("shows sam the prompt in sam's own slots and never in alex's", async () => {
    await qaAs("sam");
    await screen.findByText("Where should we travel next?");
    expect(within(article("Where should we travel next?")).getAllByText(PROMPT)).toHaveLength(1);
    const song = article("What song reminds you of us?");
    expect(within(song).getAllByText(PROMPT)).toHaveLength(1);
    expect(within(song).getByText(`"Alex hasn't responded yet."`)).toBeInTheDocument();
    expect(
      within(article("Where should we travel next?")).queryByRole("button", { name: "Edit your answer" }),
    ).toBeNull();
  });

  it("filters by case-insensitive substring and keeps the search in the URL", async () => {
    const { user, router } = await qaAs("alex");
    await screen.findByText("Where should we travel next?");
    await user.type(screen.getByRole("textbox", { name: "Search questions" }), "SONG");
    await waitFor(() => expect(router.state.location.search).toEqual({ search: "SONG" }));
    await waitFor(() => expect(screen.queryByText("Where should we travel next?")).toBeNull());
    expect(screen.getByText("What song reminds you of us?")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Search questions" }), "zzz");
    await screen.findByText("No questions found.");
  });

  it("shows ten questions a page, pages through the rest with the pager, and keeps the page in the URL", async () => {
    signInAs("alex");
    answerAs("alex_d");
    setQuestions(
      Array.from({ length: 23 }, (_, i) => ({
        question_id: 23 - i,
        question: `Question number ${23 - i}`,
        asked_at: new Date(Date.UTC(2026, 0, 23 - i)).toISOString(),
        responses: [],
      })),
    );
    const { user, router } = renderApp("/allquestions");
    await screen.findByText("Question number 23");
    expect(screen.getAllByRole("article")).toHaveLength(10);
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    await screen.findByText("Question number 3");
    expect(
      screen.getAllByRole("article").map((card) => within(card).getByText(/^Question number/).textContent),
    ).toEqual(["Question number 3", "Question number 2", "Question number 1"]);
    expect(router.state.location.search).toEqual({ page: 3 });
    // A search starts again at its first page.
    await user.type(screen.getByRole("textbox", { name: "Search questions" }), "number 1");
    await waitFor(() => expect(router.state.location.search).toEqual({ search: "number 1" }));
    await screen.findByText("Question number 19");
    expect(screen.queryByText("Question number 9")).toBeNull();
  });

  it("keeps every character typed while the server is still answering, and asks for what was typed", async () => {
    const { user, router } = await qaAs("alex");
    await screen.findByText("Where should we travel next?");
    const release = holdQuestionReads();
    const asked = questionSearchesAsked();
    await user.type(screen.getByRole("textbox", { name: "Search questions" }), "song");
    expect(screen.getByRole("textbox", { name: "Search questions" })).toHaveValue("song");
    release();
    await waitFor(() => expect(screen.queryByText("Where should we travel next?")).toBeNull());
    expect(screen.getByRole("textbox", { name: "Search questions" })).toHaveValue("song");
    expect(router.state.location.search).toEqual({ search: "song" });
    // Typing paused past the wait (a loaded machine) may also ask for a start of it, in order.
    expect(asked().at(-1)).toBe("song");
    expect(
      asked().every((text, i, all) => "song".startsWith(text) && (i === 0 || text.length > all[i - 1]!.length)),
    ).toBe(true);
  });

  it("follows the URL's search back and forth", async () => {
    const { user, router } = await qaAs("alex");
    await screen.findByText("Where should we travel next?");
    await user.type(screen.getByRole("textbox", { name: "Search questions" }), "song");
    await waitFor(() => expect(router.state.location.search).toEqual({ search: "song" }));
    await router.navigate({ to: "/allquestions", search: { search: "travel" } });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Search questions" })).toHaveValue("travel"));
    await screen.findByText("Where should we travel next?");
  });

  it("opens with the search from the URL", async () => {
    await qaAs("alex", "/allquestions?search=travel");
    await screen.findByText("Where should we travel next?");
    expect(screen.queryByText("What song reminds you of us?")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Search questions" })).toHaveValue("travel");
  });

  it("counts the response up to 300 characters and stops there", async () => {
    const { user } = await qaAs("alex");
    await user.click(await screen.findByText(PROMPT));
    const modal = await screen.findByRole("dialog", { name: "Add a Response" });
    expect(within(modal).getByText("What song reminds you of us?")).toBeInTheDocument();
    expect(within(modal).getByText("0/300")).toBeInTheDocument();
    const box = within(modal).getByRole("textbox", { name: "Your response" });
    await user.type(box, "Our song");
    expect(within(modal).getByText("8/300")).toBeInTheDocument();
    await user.clear(box);
    await user.click(box);
    await user.paste("x".repeat(320));
    expect(box).toHaveValue("x".repeat(300));
    expect(within(modal).getByText("300/300")).toBeInTheDocument();
    expect(box).toHaveAttribute("maxlength", "300");
  });

  it("adds a response with the success toast, and the slot shows it", async () => {
    const { user } = await qaAs("alex");
    await user.click(await screen.findByText(PROMPT));
    const modal = await screen.findByRole("dialog", { name: "Add a Response" });
    await user.type(within(modal).getByRole("textbox", { name: "Your response" }), "Perfect by Ed Sheeran");
    await user.click(within(modal).getByRole("button", { name: "Add Response" }));
    await screen.findByText("Response submitted successfully!");
    expect(
      await within(article("What song reminds you of us?")).findByText("Perfect by Ed Sheeran"),
    ).toBeInTheDocument();
    expect(receivedAnswers()).toEqual([
      { questionId: 1, body: { response: "Perfect by Ed Sheeran", questionId: 1, based_on: null } },
    ]);
  });

  it("edits an answer already given from the same modal", async () => {
    const { user } = await qaAs("alex");
    await screen.findByText("Lisbon, for the tiles.");
    await user.click(within(article("Where should we travel next?")).getByRole("button", { name: "Edit your answer" }));
    // Titled for what it does: the spec's 'Add a Response' is for a new answer.
    const modal = await screen.findByRole("dialog", { name: "Edit your response" });
    const box = within(modal).getByRole("textbox", { name: "Your response" });
    expect(box).toHaveValue("Lisbon, for the tiles.");
    await user.clear(box);
    await user.type(box, "Kyoto");
    expect(within(modal).queryByRole("button", { name: "Add Response" })).toBeNull();
    await user.click(within(modal).getByRole("button", { name: "Save Response" }));
    expect(await within(article("Where should we travel next?")).findByText("Kyoto")).toBeInTheDocument();
    expect(screen.queryByText("Lisbon, for the tiles.")).toBeNull();
  });

  it("shows the failure toast when the answer is refused, and Cancel closes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    failAnswers();
    const { user } = await qaAs("alex");
    await user.click(await screen.findByText(PROMPT));
    const modal = await screen.findByRole("dialog", { name: "Add a Response" });
    await user.type(within(modal).getByRole("textbox", { name: "Your response" }), "Our song");
    await user.click(within(modal).getByRole("button", { name: "Add Response" }));
    await screen.findByText("Failed to submit response. Please try again.");
    await user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a Response" })).toBeNull());
  });

  it("keeps an answer not sent yet when the modal is closed outside or the page reloads; Cancel forgets it", async () => {
    const first = await qaAs("alex");
    await first.user.click(await screen.findByText(PROMPT));
    let modal = await screen.findByRole("dialog", { name: "Add a Response" });
    await first.user.type(within(modal).getByRole("textbox", { name: "Your response" }), "The one we danced to");
    // Closed without Cancel: Escape, as a stray tap outside does.
    await first.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a Response" })).toBeNull());
    first.unmount();

    const second = await qaAs("alex");
    await second.user.click(await screen.findByText(PROMPT));
    modal = await screen.findByRole("dialog", { name: "Add a Response" });
    expect(within(modal).getByRole("textbox", { name: "Your response" })).toHaveValue("The one we danced to");
    await second.user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a Response" })).toBeNull());
    await second.user.click(await screen.findByText(PROMPT));
    modal = await screen.findByRole("dialog", { name: "Add a Response" });
    expect(within(modal).getByRole("textbox", { name: "Your response" })).toHaveValue("");
    expect(receivedAnswers()).toEqual([]);
  });

  it("says so when words kept here were typed over an answer changed since on another device, and offers the saved one", async () => {
    // On the phone: an edit begun over "Lisbon", closed by a stray tap (the words are kept here).
    const phone = await qaAs("alex");
    await phone.user.click(
      await within(article("Where should we travel next?")).findByRole("button", { name: "Edit your answer" }),
    );
    let modal = await screen.findByRole("dialog", { name: "Edit your response" });
    await phone.user.type(within(modal).getByRole("textbox", { name: "Your response" }), " And the pastries.");
    await phone.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    phone.unmount();

    // On the laptop (or with /answer in Discord) the answer became Kyoto. Back on the phone:
    signInAs("alex");
    setQuestions([
      {
        ...questions()[0]!,
        responses: [
          { username: "alex_d", response: "Kyoto, in cherry blossom season.", created_at: "2026-11-22T09:00:00.000Z" },
        ],
      },
    ]);
    const later = renderApp("/allquestions");
    await screen.findByText("Kyoto, in cherry blossom season.");
    await later.user.click(
      within(article("Where should we travel next?")).getByRole("button", { name: "Edit your answer" }),
    );
    modal = await screen.findByRole("dialog", { name: "Edit your response" });
    const box = within(modal).getByRole("textbox", { name: "Your response" });
    expect(box).toHaveValue("Lisbon, for the tiles. And the pastries.");
    expect(
      within(modal).getByText(
        "Your answer was changed on another device since you wrote these words here. Saving replaces it with these.",
      ),
    ).toBeInTheDocument();
    await later.user.click(within(modal).getByRole("button", { name: "Show the saved one instead" }));
    expect(box).toHaveValue("Kyoto, in cherry blossom season.");
    expect(within(modal).queryByText(/another device/)).toBeNull();
    expect(receivedAnswers()).toEqual([]);
  });

  it("refuses to save over an answer changed since on another device, keeps the words and says so, then saves knowingly", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = await qaAs("alex");
    await user.click(
      await within(article("Where should we travel next?")).findByRole("button", { name: "Edit your answer" }),
    );
    const modal = await screen.findByRole("dialog", { name: "Edit your response" });
    const box = within(modal).getByRole("textbox", { name: "Your response" });
    await user.type(box, " And the pastries.");
    // Meanwhile the laptop (or /answer in Discord) changes the answer.
    setQuestions([
      {
        ...questions()[0]!,
        responses: [
          { username: "alex_d", response: "Kyoto, in cherry blossom season.", created_at: "2026-11-22T09:00:00.000Z" },
        ],
      },
    ]);
    await user.click(within(modal).getByRole("button", { name: "Save Response" }));
    await screen.findByText("Failed to submit response. Please try again.");
    expect(
      await within(modal).findByText(
        "Your answer was changed on another device since you wrote these words here. Saving replaces it with these.",
      ),
    ).toBeInTheDocument();
    expect(box).toHaveValue("Lisbon, for the tiles. And the pastries.");
    expect(
      await within(article("Where should we travel next?")).findByText("Kyoto, in cherry blossom season."),
    ).toBeInTheDocument();

    await user.click(within(modal).getByRole("button", { name: "Save Response" }));
    expect(
      await within(article("Where should we travel next?")).findByText("Lisbon, for the tiles. And the pastries."),
    ).toBeInTheDocument();
    expect(receivedAnswers().map((answer) => (answer.body as { based_on?: string }).based_on)).toEqual([
      "2026-11-21T10:15:00.000Z",
      "2026-11-22T09:00:00.000Z",
    ]);
  });

  it("keeps words typed over an answer with its guess without a false notice once the partner's answer comes into view", async () => {
    const withGuess = (responses: Question["responses"]): Question[] => [{ ...questions()[0]!, responses }];
    const alexAnswer = {
      username: "alex_d",
      response: "Lisbon, for the tiles.",
      created_at: "2026-11-21T10:15:00.000Z",
      guess: { text: "Sam says Rome", rating: null },
    };
    signInAs("alex");
    answerAs("alex_d");
    setQuestions(withGuess([alexAnswer]));
    const phone = renderApp("/allquestions");
    await phone.user.click(
      await within(await screen.findByRole("article")).findByRole("button", { name: "Edit your answer" }),
    );
    let modal = await screen.findByRole("dialog", { name: "Edit your response" });
    await phone.user.type(within(modal).getByRole("textbox", { name: "Your response" }), " And the pastries.");
    await phone.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    phone.unmount();

    // Sam answers: the guess field is gone, alex's answer is as it was.
    setQuestions(
      withGuess([alexAnswer, { username: "sam_r", response: "Rome!", created_at: "2026-11-22T08:00:00.000Z" }]),
    );
    const later = renderApp("/allquestions");
    await later.user.click(
      await within(await screen.findByRole("article")).findByRole("button", { name: "Edit your answer" }),
    );
    modal = await screen.findByRole("dialog", { name: "Edit your response" });
    expect(within(modal).getByRole("textbox", { name: "Your response" })).toHaveValue(
      "Lisbon, for the tiles. And the pastries.",
    );
    expect(within(modal).queryByText(/another device/)).toBeNull();
  });

  it("logs a failed load and shows the empty list", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    failQuestionReads();
    await qaAs("alex");
    await screen.findByText("No questions found.");
    expect(log).toHaveBeenCalled();
  });

  it("thanks sam for a nailed guess worth one spank in the singular", async () => {
    setGuessReward(1);
    signInAs("sam");
    answerAs("sam_r");
    setQuestions([
      {
        question_id: 3,
        question: "What would you cook for us on a rainy day?",
        asked_at: "2026-11-22T03:30:00.000Z",
        revealed: true,
        responses: [
          {
            username: "alex_d",
            response: "Pancakes.",
            created_at: "2026-11-22T10:00:00.000Z",
            guess: { text: "Soup", rating: null },
          },
          { username: "sam_r", response: "Soup, obviously.", created_at: "2026-11-22T11:00:00.000Z" },
        ],
      },
    ]);
    const success = vi.spyOn(toast, "success");
    renderApp("/allquestions");
    const guess = await screen.findByRole("group", { name: "Alex's guess" });
    within(guess).getByRole("button", { name: "Nailed it" }).click();
    await waitFor(() => expect(success).toHaveBeenCalledWith("Nailed it! 1 spank each."));
  });
});
