import { togetherNowText, untilTogetherText } from "@spankbank/shared/visits";
import { NoticeLink } from "@/components/NoticeLink";
import { useVisits } from "../api/getVisits";

/** The dashboard's countdown to the next visit (or the visit under way), leading to /together; nothing when none is planned. */
export function NextVisitNotice() {
  const { data } = useVisits(1);
  const mine = data?.countdowns[0];
  if (!data || !mine) return null;
  if (data.current && mine.together) {
    return (
      <NoticeLink
        to="/together"
        icon="together"
        text={togetherNowText(data.current.start_date, data.current.end_date, mine.today)}
      />
    );
  }
  if (!data.next || mine.days_until === null) return null;
  return (
    <NoticeLink
      to="/together"
      icon="visit"
      text={untilTogetherText(mine.days_until, data.next.start_date, mine.today, data.next.place)}
    />
  );
}
