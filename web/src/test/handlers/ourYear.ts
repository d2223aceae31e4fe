import { type OurYearReply, ourYearQuery } from "@spankbank/shared/contract/ourYear";
import { HttpResponse, http } from "msw";
import { failure, signedInUsername } from "./auth";

type Partner = OurYearReply["partners"][number];

/** The fake server's today is in 2026; its years with data are the ones a test sets, and this one. */
const THIS_YEAR = 2026;
const DISPLAY_NAMES: Record<string, string> = { alex: "Alex", sam: "Sam" };

/** A year's figures as the server keeps them: by partner (alex, sam), before it puts the reader first. */
export interface FakeYear {
  partners: Record<"alex" | "sam", Omit<Partner, "username" | "display_name">>;
  months: { month: number; memories: [number, number]; answers: [number, number]; both_answered: number }[];
  weeks: { week: number; workouts: [number, number] }[];
  streak: OurYearReply["streak"];
  days: OurYearReply["days"];
}

const nothing = { memories: 0, answers: 0, workouts: 0, earned: 0, spent: 0, donated: 0 };

/** An empty year, or one with the given figures. */
export function aYear(figures: Partial<FakeYear> = {}): FakeYear {
  return {
    partners: { alex: nothing, sam: nothing },
    months: Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      memories: [0, 0],
      answers: [0, 0],
      both_answered: 0,
    })),
    weeks: Array.from({ length: 53 }, (_, week) => ({ week, workouts: [0, 0] })),
    streak: { best: 0, current: 0, asked: 0, both_answered: 0 },
    days: { together: 0, apart: 0, planned: 0, visits: 0 },
    ...figures,
  };
}

let years = new Map<number, FakeYear>();

export function setOurYear(year: number, figures: FakeYear): void {
  years.set(year, figures);
}
export function resetOurYear(): void {
  years = new Map();
}

/** The server's answer: the signed-in partner first in `partners` and in every per-partner list. */
function replyFor(reader: string, year: number): OurYearReply {
  const figures = years.get(year) ?? aYear();
  const order = reader === "sam" ? ([1, 0] as const) : ([0, 1] as const);
  const names = reader === "sam" ? (["sam", "alex"] as const) : (["alex", "sam"] as const);
  const ordered = (pair: [number, number]) => order.map((i) => pair[i]);
  return {
    year,
    years: [...new Set([THIS_YEAR, ...years.keys()])].sort((a, b) => b - a),
    partners: names.map((username) => ({
      username,
      display_name: DISPLAY_NAMES[username]!,
      ...figures.partners[username],
    })),
    months: figures.months.map((m) => ({ ...m, memories: ordered(m.memories), answers: ordered(m.answers) })),
    weeks: figures.weeks.map((w) => ({ week: w.week, workouts: ordered(w.workouts) })),
    streak: figures.streak,
    days: figures.days,
  };
}

export const ourYearHandlers = [
  http.get("/api/our-year", ({ request }) => {
    const reader = signedInUsername();
    if (!reader) return failure(401, "Unauthorized", "Sign in first");
    const year = new URL(request.url).searchParams.get("year");
    const parsed = ourYearQuery.safeParse(year === null ? {} : { year });
    if (!parsed.success) return failure(400, "Bad Request", `querystring.year: ${parsed.error.issues[0]!.message}`);
    return HttpResponse.json(replyFor(reader, parsed.data.year ?? THIS_YEAR));
  }),
];
