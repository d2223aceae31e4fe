import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { timelineDayQueryOptions } from "@/features/memories/api/getTimelineDay";
import { timelineYearQueryOptions } from "@/features/memories/api/getTimelineYear";
import { Timeline } from "@/features/memories/components/Timeline";
import { whenSettled } from "@/lib/loaders";
import { calendarDay, pageNumber, yearNumber } from "@/lib/searchParams";

/** `?year=` the year shown, `?date=` the day opened (its year, when no year is given), `?page=` the day's page. */
const timelineSearch = (search: Record<string, unknown>): { year?: number; date?: string; page?: number } => ({
  year: yearNumber(search.year),
  date: calendarDay(search.date),
  page: pageNumber(search.page),
});

/** The year to ask for: the one named, else the opened day's, else this year (the server's calendar). */
const yearShown = (year: number | undefined, date: string | undefined) =>
  year ?? (date === undefined ? undefined : Number(date.slice(0, 4)));

export const Route = createFileRoute("/_auth/timeline")({
  validateSearch: timelineSearch,
  loaderDeps: ({ search: { year, date, page = 1 } }) => ({ year: yearShown(year, date), date, page }),
  loader: ({ context: { queryClient }, deps: { year, date, page } }) =>
    whenSettled(
      queryClient.ensureQueryData(timelineYearQueryOptions(year)),
      ...(date === undefined ? [] : [queryClient.ensureQueryData(timelineDayQueryOptions(date, page))]),
    ),
  component: TimelineRoute,
});

function TimelineRoute() {
  const { year, date, page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="Our Timeline">
      <Timeline
        year={yearShown(year, date)}
        date={date}
        page={page}
        onYear={(next) => navigate({ search: { year: next } })}
        onDate={(next) => navigate({ search: { date: next } })}
        onPage={(next) => navigate({ search: (current) => ({ ...current, page: next }) })}
      />
    </Page>
  );
}
