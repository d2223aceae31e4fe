import type { OurYearReply } from "@spankbank/shared/contract/ourYear";

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "1 memory", "3 memories". */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Alex and Sam" style lists of each partner's figure: "Alex 12 and Sam 9". */
function each(year: OurYearReply, figure: (partner: OurYearReply["partners"][number]) => number): string {
  return year.partners.map((partner) => `${partner.display_name} ${figure(partner)}`).join(" and ");
}

/** The month with the most of `figure` (summed over you both), or null in an empty year. */
function busiestMonth(year: OurYearReply, figure: (month: OurYearReply["months"][number]) => number[]) {
  let best: { month: number; total: number } | null = null;
  for (const month of year.months) {
    const total = figure(month).reduce((sum, n) => sum + n, 0);
    if (total > 0 && (!best || total > best.total)) best = { month: month.month, total };
  }
  return best;
}

/** The first day of a Monday week of the year (week 0 starts on 1 January), as "5 Jan". */
export function weekStart(year: number, week: number): string {
  const first = new Date(Date.UTC(year, 0, 1));
  const toMonday = (8 - first.getUTCDay()) % 7;
  const day = week === 0 ? first : new Date(Date.UTC(year, 0, 1 + toMonday + 7 * (week - 1)));
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

export function memoriesSummary(year: OurYearReply): string {
  const total = year.partners.reduce((sum, p) => sum + p.memories, 0);
  if (total === 0) return `No memories saved in ${year.year} yet.`;
  const best = busiestMonth(year, (m) => m.memories)!;
  return `${count(total, "memory", "memories")} saved (${each(year, (p) => p.memories)}); ${MONTHS[best.month - 1]} held the most, ${best.total}.`;
}

export function questionsSummary(year: OurYearReply): string {
  const { streak } = year;
  const answered = `Answers given: ${each(year, (p) => p.answers)}.`;
  if (streak.asked === 0) return answered;
  // The streak under way belongs to this year's page only.
  const now = year.year === year.years[0] && streak.current > 0 ? ` (${streak.current} right now)` : "";
  return `${answered} You both answered ${streak.both_answered} of ${count(streak.asked, "daily question", "daily questions")}; your best streak this year was ${count(streak.best, "day", "days")} in a row${now}.`;
}

export function spanksSummary(year: OurYearReply): string {
  return year.partners
    .map((p) => `${p.display_name} earned ${p.earned}, spent ${p.spent} and donated ${p.donated}`)
    .join("; ")
    .concat(" spanks.");
}

export function workoutsSummary(year: OurYearReply): string {
  const total = year.partners.reduce((sum, p) => sum + p.workouts, 0);
  if (total === 0) return `No workouts logged in ${year.year} yet.`;
  const busiest = year.weeks.reduce((best, week) =>
    week.workouts.reduce((a, b) => a + b, 0) > best.workouts.reduce((a, b) => a + b, 0) ? week : best,
  );
  const most = busiest.workouts.reduce((a, b) => a + b, 0);
  return `${count(total, "workout", "workouts")} logged (${each(year, (p) => p.workouts)}); the busiest week began ${weekStart(year.year, busiest.week)}, with ${most}.`;
}

export function daysSummary(year: OurYearReply): string {
  const { together, apart, planned, visits } = year.days;
  if (together + apart === 0) {
    return planned > 0
      ? `${count(planned, "day", "days")} together planned in ${year.year}.`
      : `${year.year} has not begun yet.`;
  }
  const lived = `${count(together, "day", "days")} together and ${count(apart, "day", "days")} apart in ${year.year}${visits > 0 ? `, over ${count(visits, "visit", "visits")}` : ""}.`;
  return planned > 0 ? `${lived} ${count(planned, "more day", "more days")} together planned.` : lived;
}
