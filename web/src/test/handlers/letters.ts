import type { Letter, LetterReply } from "@spankbank/shared/contract/letters";
import { HttpResponse, http } from "msw";
import { failure, signedInUsername } from "./auth";

/** The server's words for a letter saved since on another device (db/src/letters.ts). */
export const SAVED_ELSEWHERE =
  "Saved on another device since you wrote these words: nothing was replaced. Read the saved one, then save again to replace it.";

/** The letters the fake server holds, by writer's username. */
const state = { letters: new Map<string, Letter>(), puts: [] as unknown[] };

export function letterFrom(writer: "alex" | "sam", text: string, updatedAt = "2026-12-24T18:00:00.000Z"): void {
  state.letters.set(writer, { text, updated_at: updatedAt });
}
export function letterPuts(): readonly unknown[] {
  return state.puts;
}
export function resetLetters(): void {
  state.letters.clear();
  state.puts = [];
}

/** The fake server knows who is signed in through the session handler's cookie (alex when nobody is). */
const signedIn = (): "alex" | "sam" => (signedInUsername() === "sam" ? "sam" : "alex");

/** What the server answers `me`: the letter the other partner wrote them, and their own. */
export const letterReplyFor = (me: "alex" | "sam"): LetterReply => ({
  letter: state.letters.get(me === "alex" ? "sam" : "alex") ?? null,
  draft: state.letters.get(me) ?? null,
});

export const letterHandlers = [
  http.get("/api/letter", () => HttpResponse.json(letterReplyFor(signedIn()))),
  http.put("/api/letter", async ({ request }) => {
    const me = signedIn();
    const body = (await request.json()) as { text?: unknown; basedOn?: unknown };
    state.puts.push(body);
    if (typeof body.text !== "string" || body.text.trim() === "") {
      return failure(400, "Bad Request", "body.text: must not be empty");
    }
    // As the server: a letter saved since the version the words were written over is not replaced.
    if (body.basedOn !== undefined && (state.letters.get(me)?.updated_at ?? null) !== body.basedOn) {
      return failure(409, "Conflict", SAVED_ELSEWHERE);
    }
    letterFrom(me, body.text.trim(), new Date().toISOString());
    return HttpResponse.json(letterReplyFor(me));
  }),
];
