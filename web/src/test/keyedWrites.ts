import { HttpResponse, type JsonBodyType } from "msw";

/** The server's plain message for a key sent again with other words once its first send was written. */
export const WRITTEN_ALREADY =
  "Your first try already went through before the connection dropped, so this one was not sent again: what you see now is what was saved.";

/** A keyed write's answer, as a handler writes it. */
export type Answer = { status: number; json: JsonBodyType };

const state = {
  /** Each Idempotency-Key's first written answer, and what it asked (as server/src/plugins/keyedWrites.ts). */
  keys: new Map<string, Answer & { asked: string }>(),
  answersToLose: 0,
};

/** The connection drops after the server wrote the next keyed write: the page gets no answer. */
export function loseNextAnswer(): void {
  state.answersToLose++;
}

export function resetKeyedWrites(): void {
  state.keys.clear();
  state.answersToLose = 0;
}

/**
 * As the server: a key sent again with the same words (`asked`) gets its first answer and writes
 * nothing; with other words, once written, it is refused 422 and nothing more is written. A refusal
 * (4xx) is not kept: the key's next words are tried in its place.
 */
export async function once(request: Request, asked: string, write: () => Answer | Promise<Answer>): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  const first = key === null ? undefined : state.keys.get(key);
  const answer =
    first === undefined
      ? await write()
      : first.asked === asked
        ? first
        : { status: 422, json: { statusCode: 422, error: "Unprocessable Entity", message: WRITTEN_ALREADY } };
  if (key !== null && first === undefined && answer.status < 300) state.keys.set(key, { asked, ...answer });
  if (state.answersToLose > 0) {
    state.answersToLose--;
    return HttpResponse.error();
  }
  return HttpResponse.json(answer.json, { status: answer.status });
}
