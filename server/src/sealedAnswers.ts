import type { User } from "@spankbank/db/couple";
import { hideGuesses, sealAnswer, sealAnswers } from "@spankbank/db/sealing";
import type { CoupleConfig } from "@spankbank/shared/config";
import type { Question } from "@spankbank/shared/contract/questions";

/** The db's sealing rules (db/src/sealing.ts) applied to the wire shapes, for the signed-in reader: answers, then guesses. */
export function sealFor(config: CoupleConfig, reader: User) {
  const sealing = config.questions.revealAfterBothAnswered;
  return {
    question: (question: Question): Question => ({
      ...question,
      responses: sealAnswers(sealing, reader, hideGuesses(question.revealed === true, reader, question.responses)),
    }),
    /** One answer on its own ("On this day"): the partner's stays sealed until both have answered. */
    answer: <A extends { username: string; response: string }>(answer: A, bothAnswered: boolean): A =>
      sealAnswer(sealing, reader, answer, bothAnswered),
  };
}
