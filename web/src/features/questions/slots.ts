import type { CoupleSummary } from "@spankbank/shared/contract/auth";
import type { Question, QuestionResponse } from "@spankbank/shared/contract/questions";

export type Partner = CoupleSummary["partners"][number];

export interface Slot {
  partner: Partner;
  /** The partner's answer, matched by response name compared case-insensitively. */
  answer?: QuestionResponse;
}

/** Whether `response` is the answer of the partner whose response name is `responseName` (compared case-insensitively). */
export const isAnswerOf = (response: QuestionResponse, responseName: string): boolean =>
  response.username.toLowerCase() === responseName.toLowerCase();

/** A question's two response slots, one per partner, in the couple's order. */
export function slotsOf(question: Question, partners: CoupleSummary["partners"]): Slot[] {
  return partners.map((partner) => ({
    partner,
    answer: question.responses.find((response) => isAnswerOf(response, partner.responseName)),
  }));
}

/** "Sam has answered. Add your answer to see it." for an answer the server keeps sealed. */
export const sealedText = (partner: Partner) => `${partner.displayName} has answered. Add your answer to see it.`;

/** The other partner's slot: their guess is of this slot's partner's answer. */
export const otherSlot = (slots: Slot[], slot: Slot): Slot | undefined => slots.find((other) => other !== slot);
