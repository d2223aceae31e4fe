import type { User } from "@spankbank/db/couple";
import type { CoupleConfig } from "@spankbank/shared/config";
import type { Question, QuestionResponse } from "@spankbank/shared/contract/questions";

/**
 * With `questions.revealAfterBothAnswered` on, the partner's answer text stays on the server until
 * the reader has answered the same question: the reader learns only that it exists.
 */
export function sealFor(config: CoupleConfig, reader: User) {
  const sealing = config.questions.revealAfterBothAnswered;
  const isReader = (answer: { username: string }) =>
    answer.username.toLowerCase() === reader.responseName.toLowerCase();
  const seal = <A extends { username: string; response: string }>(answer: A): A =>
    isReader(answer) ? answer : { ...answer, response: "", sealed: true };

  function responses(list: QuestionResponse[]): QuestionResponse[] {
    return !sealing || list.some(isReader) ? list : list.map(seal);
  }
  return {
    question: (question: Question): Question => ({ ...question, responses: responses(question.responses) }),
    /** One answer on its own ("On this day"): the partner's stays sealed until both have answered. */
    answer: <A extends { username: string; response: string }>(answer: A, bothAnswered: boolean): A =>
      !sealing || bothAnswered ? answer : seal(answer),
  };
}
