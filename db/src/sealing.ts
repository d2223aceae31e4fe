/**
 * The sealing rule, once for every reader (the server's routes, the bot's replies and posts):
 * with `questions.revealAfterBothAnswered` on, a partner's answer text stays hidden from the
 * other until the other has answered the same question too; the reader learns only that it exists.
 */

/** Who reads: their Discord response name, which answers are attributed to. */
export interface Reader {
  responseName: string;
}

type AnyAnswer = { username: string; response: string };
export type Sealed<A> = A & { sealed?: true };

const isBy = (reader: Reader) => (answer: { username: string }) =>
  answer.username.toLowerCase() === reader.responseName.toLowerCase();

/** Whether the reader may not read the others' answers to a question yet. */
export function answersSealedFor(sealing: boolean, reader: Reader, answers: readonly { username: string }[]): boolean {
  return sealing && !answers.some(isBy(reader));
}

/** An answer as a reader may see it: the partner's is emptied and marked sealed. */
function seal<A extends AnyAnswer>(reader: Reader, answer: A): Sealed<A> {
  return isBy(reader)(answer) ? answer : { ...answer, response: "", sealed: true };
}

/** A question's answers as the reader may see them. */
export function sealAnswers<A extends AnyAnswer>(sealing: boolean, reader: Reader, answers: readonly A[]): Sealed<A>[] {
  return answersSealedFor(sealing, reader, answers) ? answers.map((a) => seal(reader, a)) : [...answers];
}

/** One answer on its own ("On this day"): the partner's stays sealed until both have answered. */
export function sealAnswer<A extends AnyAnswer>(
  sealing: boolean,
  reader: Reader,
  answer: A,
  bothAnswered: boolean,
): Sealed<A> {
  return !sealing || bothAnswered ? answer : seal(reader, answer);
}

/**
 * A question's answers with only the guesses the reader may see: their own, and the other's once
 * both have answered. Before the reveal the partner a guess is about does not learn that it exists.
 */
export function hideGuesses<A extends { username: string; guess?: unknown }>(
  revealed: boolean,
  reader: Reader,
  answers: readonly A[],
): A[] {
  if (revealed) return [...answers];
  return answers.map((answer) => {
    if (isBy(reader)(answer) || answer.guess === undefined) return answer;
    const { guess: _hidden, ...rest } = answer;
    return rest as A;
  });
}
