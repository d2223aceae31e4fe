import { freezesLeftText, streakText } from "@spankbank/shared/streak";
import { NoticeLink } from "@/components/NoticeLink";
import { useStreak } from "../api/getStreak";

/**
 * The dashboard's streak line, "12 days in a row you've both answered (best: 30)", with the streak
 * freezes left this month when the settings grant some, leading to the Q&A.
 */
export function StreakNotice() {
  const { data } = useStreak();
  if (!data) return null;
  const best = data.best > data.current ? ` (best: ${data.best})` : "";
  // Only when the couple's settings grant streak freezes.
  const freezes = data.freezes_left === undefined ? "" : ` · ${freezesLeftText(data.freezes_left)}`;
  return <NoticeLink to="/allquestions" icon="streak" text={`${streakText(data.current)}${best}${freezes}`} />;
}
