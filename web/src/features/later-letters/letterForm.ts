import type { LetterOpening } from "@spankbank/shared/contract/laterLetters";
import type { OpenWhenMoment } from "@spankbank/shared/letterMoments";

/** The letter form as it is being written (and kept on the device until sealed). */
export interface LetterForm {
  text: string;
  kind: LetterOpening["kind"];
  date: string;
  time: string;
  moment: OpenWhenMoment;
}

/** The name the new-letter form's words are kept under on the device (`useDraft`). */
export const NEW_LETTER_DRAFT = "later-letter:new";

/** The moment the form has chosen. */
export function openingOf(form: LetterForm): LetterOpening {
  const { kind, date, time, moment } = form;
  return kind === "date" ? { kind, date, time } : kind === "anniversary" ? { kind } : { kind, moment };
}

/**
 * The form holds exactly this letter: its words (as the server keeps them: trimmed, so the space a
 * phone's keyboard leaves at the end is no other letter) and its moment.
 */
export function formSeals(form: LetterForm, letter: { text: string | null; opening: LetterOpening }): boolean {
  return form.text.trim() === letter.text?.trim() && JSON.stringify(openingOf(form)) === JSON.stringify(letter.opening);
}
