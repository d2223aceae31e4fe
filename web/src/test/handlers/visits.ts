import type { InPersonFavour, Visit, VisitBody, VisitChangeBody, VisitsReply } from "@spankbank/shared/contract/visits";
import { VISIT_CHANGED_BEFORE_REMOVAL, VISIT_CHANGED_SINCE } from "@spankbank/shared/visits";
import { HttpResponse, http } from "msw";
import { once } from "../keyedWrites";
import { failure, signedInUsername } from "./auth";

/** The fake server's visits and in-person favours; "today" is fixed so counts are known. */
const state = {
  visits: [] as Visit[],
  inPerson: [] as InPersonFavour[],
  nextId: 1,
  deleted: [] as number[],
  posted: [] as VisitBody[],
};
const TODAY = "2026-11-23";

/** The visits as the fake server holds them. */
export const storedVisits = (): readonly Visit[] => state.visits;

export function setVisits(visits: Visit[], inPerson: InPersonFavour[] = []): void {
  state.visits = visits.map((visit) => ({ ...visit }));
  state.inPerson = inPerson;
}
export const deletedVisitIds = (): readonly number[] => state.deleted;
/** Every new visit sent to be saved, saved or not. */
export const postedVisitBodies = (): readonly VisitBody[] => state.posted;
export function resetVisits(): void {
  state.visits = [];
  state.inPerson = [];
  state.nextId = 1;
  state.deleted = [];
  state.posted = [];
}

/** A visit as the server answers it. */
export function aVisit(fields: Partial<Visit> & Pick<Visit, "id" | "start_date" | "end_date">): Visit {
  return {
    place: null,
    note: null,
    planned_by: "alex",
    days_apart_before: null,
    created_at: "2026-11-01T10:00:00.000Z",
    updated_at: "2026-11-01T10:00:00.000Z",
    ...fields,
  };
}

const between = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

function reply(page: number): VisitsReply {
  const next = state.visits
    .filter((v) => v.start_date > TODAY)
    .sort((a, b) => a.start_date.localeCompare(b.start_date))[0];
  const current = state.visits.find((v) => v.start_date <= TODAY && v.end_date >= TODAY) ?? null;
  const past = state.visits.filter((v) => v.end_date < TODAY).sort((a, b) => b.start_date.localeCompare(a.start_date));
  const countdown = (username: string, display_name: string, city: string, time_zone: string) => ({
    username,
    display_name,
    city,
    time_zone,
    today: TODAY,
    days_until: next ? between(TODAY, next.start_date) : null,
    days_apart: !current && past[0] ? between(past[0].end_date, TODAY) : null,
    last_end_date: !current && past[0] ? past[0].end_date : null,
    together: current !== null,
  });
  const partners = [
    countdown("alex", "Alex", "India", "Asia/Kolkata"),
    countdown("sam", "Sam", "Florida", "America/New_York"),
  ];
  if (signedInUsername() === "sam") partners.reverse();
  return {
    current,
    next: next ?? null,
    countdowns: partners,
    in_person: state.inPerson,
    past: {
      visits: past.slice((page - 1) * 10, page * 10),
      page,
      page_count: Math.max(1, Math.ceil(past.length / 10)),
      total: past.length,
    },
  };
}

function saved(body: VisitBody, id: number): Visit | Response {
  if (typeof body.start_date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(body.start_date)) {
    return failure(400, "Bad Request", "body.start_date: must be a date as YYYY-MM-DD");
  }
  if (typeof body.end_date !== "string" || body.end_date < body.start_date) {
    return failure(400, "Bad Request", "end_date: must be on or after start_date");
  }
  return aVisit({
    id,
    start_date: body.start_date,
    end_date: body.end_date,
    place: body.place?.trim() || null,
    note: body.note?.trim() || null,
    planned_by: signedInUsername() ?? "alex",
  });
}

export const visitHandlers = [
  http.get("/api/visits", ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
    return HttpResponse.json(reply(page));
  }),
  http.post("/api/visits", async ({ request }) => {
    const body = (await request.json()) as VisitBody;
    state.posted.push(body);
    const visit = saved(body, state.nextId);
    if (visit instanceof Response) return visit;
    return once(request, JSON.stringify(body), () => {
      state.nextId++;
      state.visits.push(visit);
      return { status: 201, json: { visit } };
    });
  }),
  http.put("/api/visits/:id", async ({ request, params }) => {
    const index = state.visits.findIndex((v) => v.id === Number(params.id));
    if (index < 0) return failure(404, "Not Found", "That visit does not exist.");
    const body = (await request.json()) as VisitChangeBody;
    if (body.based_on !== undefined && body.based_on !== state.visits[index]?.updated_at) {
      return failure(409, "Conflict", VISIT_CHANGED_SINCE);
    }
    const visit = saved(body, Number(params.id));
    if (visit instanceof Response) return visit;
    state.visits[index] = { ...visit, updated_at: new Date().toISOString() };
    return HttpResponse.json({ visit });
  }),
  // As the server: a visit changed since the page showed it (based_on) is kept.
  http.delete("/api/visits/:id", ({ params, request }) => {
    const id = Number(params.id);
    const visit = state.visits.find((v) => v.id === id);
    if (!visit) return failure(404, "Not Found", "That visit does not exist.");
    const basedOn = new URL(request.url).searchParams.get("based_on");
    if (basedOn !== null && basedOn !== visit.updated_at) return failure(409, "Conflict", VISIT_CHANGED_BEFORE_REMOVAL);
    state.visits = state.visits.filter((v) => v.id !== id);
    state.deleted.push(id);
    return new HttpResponse(null, { status: 204 });
  }),
];
