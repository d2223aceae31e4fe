/**
 * The Christmas card (SPEC section 4): closed, flipping, the flap opens, the letter slides up in
 * three stages, open. Closing walks the same steps back. Steps 0..5:
 * 0 closed (front), 1 flipped (back), 2 flap open, 3 and 4 the letter half out, 5 open.
 */
export const OPEN_STEP = 5;

const FLIP_MS = 1500;
const FLAP_MS = 500;
const SLIDE_STEP_MS = 300;
/** How long the move into step i takes from step i - 1 (and back out of it when closing). */
const STEP_MS = [0, FLIP_MS, FLAP_MS, SLIDE_STEP_MS, SLIDE_STEP_MS, SLIDE_STEP_MS];

export interface EnvelopeState {
  /** The step shown, or being moved to while `moving`. */
  step: number;
  moving: "opening" | "closing" | null;
}

export type EnvelopeAction =
  /** `instant`: prefers-reduced-motion, the end state without the steps between. */
  | { type: "open"; instant: boolean }
  | { type: "close"; instant: boolean }
  /** The current step's move has finished. */
  | { type: "stepDone" };

export const closedEnvelope: EnvelopeState = { step: 0, moving: null };

export function envelopeReducer(state: EnvelopeState, action: EnvelopeAction): EnvelopeState {
  switch (action.type) {
    case "open":
      // Clicks during an animation, or on an envelope already open, change nothing.
      if (state.moving || state.step !== 0) return state;
      return action.instant ? { step: OPEN_STEP, moving: null } : { step: 1, moving: "opening" };
    case "close":
      if (state.moving || state.step !== OPEN_STEP) return state;
      return action.instant ? closedEnvelope : { step: OPEN_STEP - 1, moving: "closing" };
    case "stepDone":
      if (state.moving === "opening") {
        return state.step < OPEN_STEP ? { step: state.step + 1, moving: "opening" } : { step: OPEN_STEP, moving: null };
      }
      if (state.moving === "closing")
        return state.step > 0 ? { step: state.step - 1, moving: "closing" } : closedEnvelope;
      return state;
  }
}

/** How long the move under way takes (0 when still). */
export function moveDuration(state: EnvelopeState): number {
  if (state.moving === "opening") return STEP_MS[state.step]!;
  if (state.moving === "closing") return STEP_MS[state.step + 1]!;
  return 0;
}

/** What the page draws at a step: which side shows, whether the flap is open, how far the letter is out. */
export function envelopeLook({ step, moving }: EnvelopeState) {
  return {
    /** The back (flap side) faces the reader once the flip is over. */
    backShown: step >= 2 || (step === 1 && moving !== "opening"),
    flapOpen: step >= 2,
    /** The letter shows once the flap has finished opening. */
    letterShown: step >= 3 || (step === 2 && moving !== "opening"),
    /** 0 in the envelope, 1 and 2 half out, 3 open in front. */
    letterStage: Math.max(0, step - 2),
    isOpen: step === OPEN_STEP && moving === null,
    isClosed: step === 0 && moving === null,
  };
}
