import { UnstyledButton } from "@mantine/core";
import type { TimelineDay } from "@spankbank/shared/contract/timeline";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { type CalendarMonth, dayAfterKey, dayLabel, heatOf, monthsOf, WEEKDAYS } from "./calendarDays";
import { memoriesCount } from "./MemoryBoard";
import classes from "./timeline.module.css";

interface DayState {
  counts: ReadonlyMap<string, number>;
  today: string;
  selected: string | undefined;
  focused: string;
  onOpen: (date: string) => void;
}

function Day({ date, state }: { date: string; state: DayState }) {
  const count = state.counts.get(date) ?? 0;
  const isToday = date === state.today;
  return (
    <UnstyledButton
      className={classes.day}
      data-date={date}
      data-heat={heatOf(count)}
      data-today={isToday || undefined}
      aria-label={`${dayLabel(date)}: ${count === 0 ? "no memories" : memoriesCount(count)}`}
      aria-current={isToday ? "date" : undefined}
      aria-pressed={date === state.selected}
      // One stop in the tab order for the whole year: the arrow keys move between days.
      tabIndex={date === state.focused ? 0 : -1}
      onClick={() => state.onOpen(date)}
    >
      <span>{Number(date.slice(8))}</span>
      {count > 0 && <span className={classes.count}>{count > 99 ? "99+" : count}</span>}
    </UnstyledButton>
  );
}

function Month({ month, state }: { month: CalendarMonth; state: DayState }) {
  const headingId = `timeline-${month.key}`;
  let total = 0;
  for (const [date, count] of state.counts) if (date.startsWith(month.key)) total += count;
  return (
    <div>
      <h3 id={headingId} className={classes.monthName}>
        {month.name} <span className={classes.monthCount}>{total > 0 ? `· ${memoriesCount(total)}` : ""}</span>
      </h3>
      <table className={classes.grid} aria-labelledby={headingId}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week) => (
            <tr key={week.find((day) => day !== null)}>
              {week.map((day, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a week's columns are its weekdays
                <td key={index}>{day && <Day date={day} state={state} />}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A year as twelve month grids, each day coloured by how many memories it holds and showing the
 * number too. Tab reaches the year once; arrow keys move by day and week, Page Up and Page Down by
 * month, Home and End to the week's ends; Enter or a tap opens the day.
 */
export function TimelineCalendar({
  year,
  days,
  today,
  selected,
  onOpen,
}: {
  year: number;
  days: readonly TimelineDay[];
  today: string;
  selected: string | undefined;
  onOpen: (date: string) => void;
}) {
  const counts = useMemo(() => new Map(days.map((day) => [day.date, day.count])), [days]);
  const months = useMemo(() => monthsOf(year), [year]);
  const inYear = (date: string | undefined): date is string => date?.startsWith(`${year}-`) ?? false;
  const start = inYear(selected) ? selected : inYear(today) ? today : (days[0]?.date ?? `${year}-01-01`);
  const [focused, setFocused] = useState(start);
  useEffect(() => setFocused(start), [start]);
  const root = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = dayAfterKey(focused, event.key);
    if (next === undefined) return;
    event.preventDefault();
    if (!inYear(next)) return;
    setFocused(next);
    root.current?.querySelector<HTMLButtonElement>(`[data-date="${next}"]`)?.focus();
  };

  const state: DayState = {
    counts,
    today,
    selected,
    focused: inYear(focused) ? focused : start,
    onOpen: (date) => {
      setFocused(date);
      onOpen(date);
    },
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys move focus among the day buttons inside
    <div ref={root} className={classes.year} onKeyDown={onKeyDown}>
      {months.map((month) => (
        <Month key={month.key} month={month} state={state} />
      ))}
    </div>
  );
}

/** What the colours mean, in words and numbers as well. */
export function HeatLegend() {
  const steps = [
    [0, "none"],
    [1, "1"],
    [2, "2"],
    [3, "3–4"],
    [4, "5 or more"],
  ] as const;
  return (
    <div className={classes.legend}>
      <span id="timeline-legend">Memories a day:</span>
      <ul className={classes.legendSteps} aria-labelledby="timeline-legend">
        {steps.map(([heat, words]) => (
          <li key={heat}>
            <span className={classes.swatch} data-heat={heat} />
            {words}
          </li>
        ))}
      </ul>
    </div>
  );
}
