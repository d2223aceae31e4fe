import { NoticeLink } from "@/components/NoticeLink";
import { useGuessRecord } from "../api/guesses";

/** The dashboard's "Alex knows Sam: 7 of the last 10", one line per partner with rated guesses. */
export function GuessRecordNotice() {
  const { data } = useGuessRecord();
  if (!data) return null;
  return data.partners.map((line) => (
    <NoticeLink
      key={line.guesser}
      to="/allquestions"
      icon="guess"
      text={`${line.guesser} knows ${line.about}: ${line.nailed} of the last ${line.rated}`}
    />
  ));
}
