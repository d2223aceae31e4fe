import type { Question } from "@spankbank/shared/contract/questions";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { signInAs } from "@/test/handlers/auth";
import { answerAs, receivedAnswers, setQuestions } from "@/test/handlers/questions";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

afterEach(() => {
  toast.dismissAll();
  vi.restoreAllMocks();
});

const PROMPT = "You haven't responded yet. Click here to add your response.";

const questions = (): Question[] => [
  { question_id: 1, question: "What song reminds you of us?", asked_at: "2026-11-20T03:30:00.000Z", responses: [] },
];

/** The answer's PUT waits until released, then goes on to the fake server's own handler. */
function holdAnswers(): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.put("/api/questions/:questionId", async () => {
      await gate;
      return undefined;
    }),
  );
  return release;
}

describe("an answer on a slow connection", { timeout: 60_000 }, () => {
  it("keeps the words typed into the answer while its save was on its way", async () => {
    signInAs("alex");
    answerAs("alex_d");
    setQuestions(questions());
    const { user } = renderApp("/allquestions");
    await user.click(await screen.findByText(PROMPT));
    const modal = await screen.findByRole("dialog", { name: "Add a Response" });
    const box = within(modal).getByRole("textbox", { name: "Your response" });
    await user.type(box, "Perfect");
    const release = holdAnswers();
    await user.click(within(modal).getByRole("button", { name: "Add Response" }));
    // The spinner spins; alex goes on writing (the field is not locked), as the letter editors allow.
    await user.type(box, " by Ed Sheeran");
    expect(box).toHaveValue("Perfect by Ed Sheeran");
    release();
    await screen.findByText("Response submitted successfully!");
    expect(receivedAnswers().map((answer) => (answer.body as { response: string }).response)).toEqual(["Perfect"]);

    // The form stays open on the words typed since, now an edit of the answer just saved.
    const edit = await screen.findByRole("dialog", { name: "Edit your response" });
    const field = within(edit).getByRole("textbox", { name: "Your response" });
    expect(field).toHaveValue("Perfect by Ed Sheeran");
    await waitFor(() => expect(within(edit).queryByText(/changed on another device/)).toBeNull());
    await user.click(within(edit).getByRole("button", { name: /Response/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(receivedAnswers().map((answer) => (answer.body as { response: string }).response)).toEqual([
      "Perfect",
      "Perfect by Ed Sheeran",
    ]);
  });

  it("closed while its save was on its way, the answer opens again as saved, not as changed on another device", async () => {
    signInAs("alex");
    answerAs("alex_d");
    setQuestions(questions());
    const { user } = renderApp("/allquestions");
    await user.click(await screen.findByText(PROMPT));
    const modal = await screen.findByRole("dialog", { name: "Add a Response" });
    // A phone's keyboard leaves a space after the last word: the server keeps the answer trimmed.
    await user.type(within(modal).getByRole("textbox", { name: "Your response" }), "Perfect ");
    const release = holdAnswers();
    await user.click(within(modal).getByRole("button", { name: "Add Response" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    release();
    const card = screen.getAllByText("What song reminds you of us?")[0]!.closest("article") as HTMLElement;
    await user.click(await within(card).findByRole("button", { name: "Edit your answer" }));
    const edit = await screen.findByRole("dialog", { name: "Edit your response" });
    expect(within(edit).getByRole("textbox", { name: "Your response" })).toHaveValue("Perfect");
    expect(within(edit).queryByText(/changed on another device/)).toBeNull();
  });
});
