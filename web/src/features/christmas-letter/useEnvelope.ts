import { useReducedMotion } from "@mantine/hooks";
import { useCallback, useEffect, useReducer } from "react";
import { closedEnvelope, envelopeLook, envelopeReducer, moveDuration } from "./envelope";

/** The envelope's state machine with its timers; reduced motion skips straight to the end states. */
export function useEnvelope() {
  const reducedMotion = useReducedMotion() ?? false;
  const [state, dispatch] = useReducer(envelopeReducer, closedEnvelope);

  useEffect(() => {
    if (!state.moving) return;
    const timer = setTimeout(() => dispatch({ type: "stepDone" }), moveDuration(state));
    return () => clearTimeout(timer);
  }, [state]);

  const open = useCallback(() => dispatch({ type: "open", instant: reducedMotion }), [reducedMotion]);
  const close = useCallback(() => dispatch({ type: "close", instant: reducedMotion }), [reducedMotion]);
  return { state, look: envelopeLook(state), open, close };
}
