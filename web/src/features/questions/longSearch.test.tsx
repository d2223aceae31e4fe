import type { Question } from "@spankbank/shared/contract/questions";
import { BANK_QUESTION_MAX, SEARCH_MAX } from "@spankbank/shared/limits";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { answerAs, setQuestions } from "@/test/handlers/questions";
import { renderApp } from "@/test/renderApp";

// A question added to the bank may be up to BANK_QUESTION_MAX (300) characters; the search takes SEARCH_MAX (200).
const longQuestion = `If we could spend one whole week anywhere in the world, with no work, no phones and no clocks, ${"where would we wake up on the first morning, what would we eat, who would we meet and what would we promise each other before going home again, ".slice(0, BANK_QUESTION_MAX - 100)}?`;

const questions: Question[] = [
  { question_id: 2, question: longQuestion, asked_at: "2026-11-21T03:30:00.000Z", responses: [] },
  { question_id: 1, question: "Where should we travel next?", asked_at: "2026-11-20T03:30:00.000Z", responses: [] },
];

// SPEC, Q & A: "A search box with placeholder 'Search questions...'. It filters by case-insensitive substring on question text."
describe("the Q&A search box with a long search pasted in", { timeout: 60_000 }, () => {
  it("searches the first 200 characters of what was pasted, never every question", async () => {
    expect(longQuestion.length).toBeGreaterThan(SEARCH_MAX);
    expect(longQuestion.length).toBeLessThanOrEqual(BANK_QUESTION_MAX);
    signInAs("alex");
    answerAs("alex_d");
    setQuestions(questions);
    const { user } = renderApp("/allquestions");
    await screen.findByText("Where should we travel next?");
    const box = screen.getByRole("textbox", { name: "Search questions" });
    // The partner pastes the whole question they remember (longer than the search's 200 characters).
    const pasted = longQuestion.slice(0, SEARCH_MAX + 20);
    await user.click(box);
    await user.paste(pasted);
    // Give the debounced search (250 ms) time to reach the URL.
    await new Promise((resolve) => setTimeout(resolve, 800));
    // The box takes as much as a search may be (never the whole paste, then nothing searched)...
    expect(box).toHaveValue(pasted.slice(0, SEARCH_MAX));
    await screen.findByText(longQuestion);
    // ...and the list is not every question as if nothing had been searched.
    await waitFor(() => expect(screen.queryByText("Where should we travel next?")).toBeNull());
  });
});
