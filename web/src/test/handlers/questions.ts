import { guessRatingBody, type Question, type QuoteOfTheDay } from "@spankbank/shared/contract/questions";
import { HttpResponse, http } from "msw";
import { failure } from "./auth";

const QUOTE: QuoteOfTheDay = {
  quote: "Whatever our souls are made of, his and mine are the same.",
  author: "Emily Brontë",
};

/** The fake Q&A: questions newest first; PUT writes the signed-in partner's answer. */
const state = {
  questions: [] as Question[],
  failReads: false,
  failAnswers: false,
  answers: [] as { questionId: number; body: unknown }[],
  /** The response name the PUT attributes answers to. */
  answerAs: "alex_d",
  gate: null as Promise<void> | null,
  searchesAsked: null as string[] | null,
  /** What a first "nailed it" pays each partner (the couple's economy.guessReward). */
  guessReward: 3,
};

export const setQuestions = (questions: Question[]) => {
  state.questions = questions;
};
export const answerAs = (responseName: string) => {
  state.answerAs = responseName;
};
export const setGuessReward = (reward: number) => {
  state.guessReward = reward;
};
export const failQuestionReads = () => {
  state.failReads = true;
};
export const failAnswers = () => {
  state.failAnswers = true;
};
export const receivedAnswers = () => state.answers;
export function holdQuestionReads(): () => void {
  let release = () => {};
  state.gate = new Promise((resolve) => {
    release = resolve;
  });
  return release;
}
/** The searches /api/questions is asked for from now on (an empty search is not one). */
export function questionSearchesAsked(): () => string[] {
  const searches: string[] = [];
  state.searchesAsked = searches;
  return () => searches;
}
export function resetQuestions(): void {
  state.searchesAsked = null;
  state.questions = [];
  state.failReads = false;
  state.failAnswers = false;
  state.answers = [];
  state.answerAs = "alex_d";
  state.gate = null;
  state.guessReward = 3;
}

const serverError = () => failure(500, "Internal Server Error", "boom");

export const questionHandlers = [
  http.get("/api/quoteOfTheDay", async () => {
    await state.gate;
    return state.failReads ? serverError() : HttpResponse.json(QUOTE);
  }),
  http.get("/api/latestQuestion", async () => {
    await state.gate;
    return state.failReads ? serverError() : HttpResponse.json(state.questions[0] ?? null);
  }),
  // As the server: bare, the plain list; with page, pageSize or search, that page of the matches.
  http.get("/api/questions", async ({ request }) => {
    await state.gate;
    if (state.failReads) return serverError();
    const url = new URL(request.url);
    if (["page", "pageSize", "search"].every((key) => !url.searchParams.has(key))) {
      return HttpResponse.json(state.questions);
    }
    const needle = (url.searchParams.get("search") ?? "").toLowerCase();
    if (needle) state.searchesAsked?.push(needle);
    const matches = state.questions.filter((q) => q.question.toLowerCase().includes(needle));
    const pageSize = Number(url.searchParams.get("pageSize") ?? 10);
    const pageCount = Math.max(1, Math.ceil(matches.length / pageSize));
    const page = Math.min(Number(url.searchParams.get("page") ?? 1), pageCount);
    const questions = matches.slice((page - 1) * pageSize, page * pageSize);
    return HttpResponse.json({ questions, page, pageCount, total: matches.length });
  }),
  http.put("/api/questions/:questionId", async ({ params, request }) => {
    const body = (await request.json()) as { response: string; based_on?: string | null };
    const questionId = Number(params.questionId);
    state.answers.push({ questionId, body });
    if (state.failAnswers) return serverError();
    const question = state.questions.find((q) => q.question_id === questionId)!;
    const mine = question.responses.find((r) => r.username === state.answerAs);
    // As the server's contract (text()): kept trimmed.
    const response = body.response.trim();
    // As the server (db/src/questions/asking.ts): a form that showed an older answer replaces nothing.
    if (mine?.response !== response && body.based_on !== undefined && (mine?.created_at ?? null) !== body.based_on)
      return failure(
        409,
        "Conflict",
        "Your answer was changed since you opened it (on another device, or in Discord): nothing was replaced.",
      );
    const others = question.responses.filter((r) => r.username !== state.answerAs);
    question.responses = [...others, { username: state.answerAs, response, created_at: "2026-11-22T10:00:00.000Z" }];
    return HttpResponse.json(question.responses);
  }),
  // As the server: the guess about the signed-in partner's answer (the one by `answerAs`'s partner)
  // takes the rating once; the first "nailed it" of a question earns `guessReward` spanks each.
  http.put("/api/questions/:questionId/guess-rating", async ({ params, request }) => {
    const parsed = guessRatingBody.safeParse(await request.json());
    if (!parsed.success) return failure(400, "Bad Request", "body/rating: must be nailed, close or not_quite");
    const question = state.questions.find((q) => q.question_id === Number(params.questionId));
    const guessed = question?.responses.find((r) => r.username !== state.answerAs && r.guess !== undefined);
    if (!guessed?.guess) return failure(404, "Not Found", "There is no guess about your answer to rate.");
    if (guessed.guess.rating !== null && guessed.guess.rating !== parsed.data.rating)
      return failure(409, "Conflict", "You've already rated this guess.");
    const first = guessed.guess.rating === null;
    guessed.guess = { ...guessed.guess, rating: parsed.data.rating };
    return HttpResponse.json({
      rating: parsed.data.rating,
      reward: first && parsed.data.rating === "nailed" ? state.guessReward : 0,
    });
  }),
  // No guess rated yet: the dashboard shows no "knows" line.
  http.get("/api/guesses/record", async () => {
    await state.gate;
    return state.failReads ? serverError() : HttpResponse.json({ partners: [] });
  }),
];
