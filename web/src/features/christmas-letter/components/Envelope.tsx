import { Button } from "@mantine/core";
import { useEffect, useRef } from "react";
import { HeartIcon } from "@/components/HeartIcon";
import { LetterParagraphs } from "../letterMarkup";
import { useEnvelope } from "../useEnvelope";
import classes from "./letter.module.css";

interface EnvelopeProps {
  /** The reader (the signed-in partner) and the writer (the other one), by display name. */
  reader: string;
  writer: string;
  text: string;
  /** A line under the greeting, above the envelope. */
  hint: string;
}

/** The clickable envelope: it flips, opens its flap and lets the letter slide up; Close reverses it. */
export function Envelope({ reader, writer, text, hint }: EnvelopeProps) {
  const { state, look, open, close } = useEnvelope();
  const envelopeRef = useRef<HTMLButtonElement>(null);
  const letterRef = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);

  // Focus goes to the letter once it is open, and back to the envelope once it is closed again.
  useEffect(() => {
    if (look.isOpen) letterRef.current?.focus();
    if (look.isClosed && wasOpen.current) envelopeRef.current?.focus();
    wasOpen.current = !look.isClosed;
  }, [look.isOpen, look.isClosed]);

  return (
    <div
      className={classes.stage}
      data-step={state.step}
      data-moving={state.moving ?? "still"}
      data-back={look.backShown}
      data-flap={look.flapOpen ? "open" : "closed"}
      data-letter={look.letterShown ? `stage-${look.letterStage}` : "inside"}
    >
      <div className={classes.greeting}>
        <span className={classes.holly} aria-hidden="true">
          ❄ ❅ ❄
        </span>
        <span className={classes.greetingTitle}>Merry Christmas, {reader}</span>
        <span className={classes.greetingHint}>{hint}</span>
      </div>
      <button
        ref={envelopeRef}
        type="button"
        className={classes.envelope}
        onClick={open}
        aria-label={`Open the letter from ${writer}`}
        aria-expanded={!look.isClosed}
        aria-controls="christmas-letter"
      >
        <span className={classes.front}>
          <span className={classes.stamp} aria-hidden="true">
            <HeartIcon size={26} />
          </span>
          <span className={classes.postmark} aria-hidden="true">
            Christmas
          </span>
          <span className={classes.address}>
            <span className={classes.addressTo}>For {reader}</span>
            <span className={classes.addressFrom}>with love, from {writer}</span>
          </span>
        </span>
        <span className={classes.back} aria-hidden="true">
          <span className={classes.flap}>
            <span className={classes.seal}>
              <HeartIcon size={18} />
            </span>
          </span>
        </span>
      </button>
      <article
        ref={letterRef}
        id="christmas-letter"
        className={classes.letter}
        tabIndex={-1}
        aria-label={`Letter from ${writer}`}
        // Still in the envelope: not read out, not reachable by Tab (CSS hides it from sight).
        aria-hidden={!look.letterShown}
        inert={!look.letterShown}
      >
        <div className={classes.letterText}>
          <LetterParagraphs text={text} />
        </div>
        <Button variant="light" onClick={close} className={classes.close}>
          Close letter
        </Button>
      </article>
      <span className={classes.pocket} aria-hidden="true" />
    </div>
  );
}
