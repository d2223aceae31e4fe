import { streakText } from "@spankbank/shared/streak";
import { NoticeLink } from "@/components/NoticeLink";
import { useStreak } from "../api/getStreak";

/** The dashboard's streak line, "12 days in a row you've both answered (best: 30)", leading to the Q&A. */
export function StreakNotice() {
  const { data } = useStreak();
  if (!data) return null;
  const best = data.best > data.current ? ` (best: ${data.best})` : "";
  return <NoticeLink to="/allquestions" icon="streak" text={`${streakText(data.current)}${best}`} />;
}
