import { describe, expect, it } from "vitest";
import { answersSealedFor, sealAnswer, sealAnswers } from "./sealing.js";

const alex = { responseName: "alex_d" };
const answers = [
  { username: "alex_d", response: "Lisbon" },
  { username: "Sam_R", response: "Kyoto" },
];

describe("the sealing rule", () => {
  it("hides the partner's answer from a reader who has not answered, only while sealing is on", () => {
    const samOnly = [answers[1]!];
    expect(answersSealedFor(true, alex, samOnly)).toBe(true);
    expect(sealAnswers(true, alex, samOnly)).toEqual([{ username: "Sam_R", response: "", sealed: true }]);
    expect(sealAnswers(false, alex, samOnly)).toEqual(samOnly);
  });

  it("shows both once the reader has answered (names compared case-insensitively)", () => {
    expect(answersSealedFor(true, { responseName: "ALEX_D" }, answers)).toBe(false);
    expect(sealAnswers(true, alex, answers)).toEqual(answers);
  });

  it("seals one answer on its own until both have answered, never the reader's own", () => {
    expect(sealAnswer(true, alex, answers[1]!, false)).toEqual({ username: "Sam_R", response: "", sealed: true });
    expect(sealAnswer(true, alex, answers[1]!, true)).toEqual(answers[1]);
    expect(sealAnswer(true, alex, answers[0]!, false)).toEqual(answers[0]);
  });
});
