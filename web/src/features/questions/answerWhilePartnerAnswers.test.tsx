import type { Question } from "@spankbank/shared/contract/questions";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { failure, signInAs } from "@/test/handlers/auth";
import { answerAs, setQuestions } from "@/test/handlers/questions";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

afterEach(() => {
  toast.dismissAll();
  vi.restoreAllMocks();
});

const QUESTION: Question = {
  question_id: 7,
  question: "What would you cook for me tonight?",
  asked_at: "2026-11-22T03:30:00.000Z",
  responses: [],
};

describe("answering with a guess while the partner answers meanwhile", { timeout: 60_000 }, () => {
  it("lets alex save the answer once sam's answer is in view: the guess field goes and is no longer sent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signInAs("alex");
    answerAs("alex_d");
    let questions: Question[] = [{ ...QUESTION }];
    setQuestions(questions);
    const puts: { guess?: string }[] = [];
    // As the real server (db/src/questions/guesses.ts keepGuess, unsealed): once sam has answered,
    // a guess from alex is refused with 409 and nothing (not even the answer) is written.
    server.use(
      http.get("/api/questions", () =>
        HttpResponse.json({ questions, page: 1, pageCount: 1, total: questions.length }),
      ),
      http.put("/api/questions/:questionId", async ({ request }) => {
        const body = (await request.json()) as { response: string; guess?: string };
        puts.push(body);
        const q = questions[0]!;
        const samAnswered = q.responses.some((r) => r.username === "sam_r");
        if (body.guess !== undefined && samAnswered) {
          return failure(409, "Conflict", "guess: it's too late to guess once you've seen Sam's answer.");
        }
        q.responses = [
          ...q.responses.filter((r) => r.username !== "alex_d"),
          { username: "alex_d", response: body.response, created_at: "2026-11-22T10:00:00.000Z" },
        ];
        return HttpResponse.json(q.responses);
      }),
    );
    const { user } = renderApp("/allquestions");
    await screen.findByRole("heading", { level: 1, name: "All Q&A" });
    await user.click(await screen.findByText("You haven't responded yet. Click here to add your response."));
    const modal = await screen.findByRole("dialog", { name: "Add a Response" });
    await user.type(within(modal).getByRole("textbox", { name: "Your response" }), "Pasta alla norma");
    await user.type(within(modal).getByRole("textbox", { name: /Your guess of Sam's answer/ }), "Sam says curry");

    // Meanwhile Sam answers in Discord.
    questions = [
      {
        ...QUESTION,
        responses: [{ username: "sam_r", response: "Thai green curry", created_at: "2026-11-22T09:00:00.000Z" }],
      },
    ];

    await user.click(within(modal).getByRole("button", { name: "Add Response" }));
    await screen.findByText("Failed to submit response. Please try again.");
    // The page read again shows Sam's answer now...
    await screen.findByText("Thai green curry");

    // ...so the partner tries again, as the toast says.
    await user.click(within(modal).getByRole("button", { name: "Add Response" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    // The second try must not be refused again: the guess can no longer be written, the answer can.
    expect(puts[1]!.guess).toBeUndefined();
    await screen.findByText("Response submitted successfully!");
  });
});
