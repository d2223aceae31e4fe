import { plural } from "@spankbank/shared/spanks";
import { NoticeLink } from "@/components/NoticeLink";
import { FIRST_LETTER_PAGES, useLaterLetters } from "../api/getLaterLetters";

/**
 * "A letter from Sam can be opened": a dated or anniversary letter whose moment has come, still
 * unopened, leading to the letters page. "Open when..." letters wait for their moment unannounced.
 */
export function LetterWaitingNotice({ partnerName }: { partnerName: string }) {
  const waiting = useLaterLetters(FIRST_LETTER_PAGES).data?.to_you_waiting;
  if (!waiting) return null;
  const text =
    waiting === 1
      ? `A letter from ${partnerName} can be opened`
      : `${plural(waiting, "letter", "letters")} from ${partnerName} can be opened`;
  return <NoticeLink to="/letters" icon="letter" text={text} />;
}
