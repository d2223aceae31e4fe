import { type Countdown, cancelVisit, changeVisit, planVisit, type Visit, visitsOverview } from "@spankbank/db/visits";
import { idParams } from "@spankbank/shared/contract/common";
import {
  type VisitCountdown,
  visitBody,
  visitChangeBody,
  visitRemovalQuery,
  visitReply,
  visitsQuery,
  visitsReply,
  type Visit as WireVisit,
} from "@spankbank/shared/contract/visits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { keyedHeaders, writeOnce } from "../plugins/keyedWrites.js";
import { signedInUser } from "../plugins/session.js";

/**
 * The next visit (issue 22): the countdown, days apart, favours in person, the log. Either partner
 * plans, changes or cancels a visit; who they are comes from the session.
 */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get("/visits", { schema: { querystring: visitsQuery, response: { 200: visitsReply } } }, async (request) => {
    const user = signedInUser(request);
    const overview = visitsOverview(db, user.id, request.query.page, now());
    return {
      current: overview.current && toVisit(overview.current),
      next: overview.next && toVisit(overview.next),
      countdowns: overview.countdowns.map(toCountdown),
      in_person: overview.inPerson,
      past: {
        visits: overview.past.visits.map(toVisit),
        page: overview.past.page,
        page_count: overview.past.pageCount,
        total: overview.past.total,
      },
    };
  });

  app.post(
    "/visits",
    { schema: { headers: keyedHeaders, body: visitBody, response: { 201: visitReply } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const planned = writeOnce(request, user.id, (tx) => ({
        visit: toVisit(planVisit(tx, { userId: user.id, input: request.body, now: now() })),
      }));
      return reply.code(201).send(planned);
    },
  );

  app.put(
    "/visits/:id",
    { schema: { params: idParams, body: visitChangeBody, response: { 200: visitReply } } },
    async (request) => {
      const user = signedInUser(request);
      const { based_on: basedOn, ...input } = request.body;
      const visit = changeVisit(db, { userId: user.id, visitId: request.params.id, input, basedOn, now: now() });
      return { visit: toVisit(visit) };
    },
  );

  app.delete(
    "/visits/:id",
    { schema: { params: idParams, querystring: visitRemovalQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      signedInUser(request);
      cancelVisit(db, request.params.id, request.query.based_on);
      return reply.code(204).send(null);
    },
  );
};

function toVisit(visit: Visit): WireVisit {
  return {
    id: visit.id,
    start_date: visit.startDate,
    end_date: visit.endDate,
    place: visit.place,
    note: visit.note,
    planned_by: visit.plannedBy,
    days_apart_before: visit.daysApartBefore,
    created_at: visit.createdAt,
    updated_at: visit.updatedAt,
  };
}

function toCountdown(countdown: Countdown): VisitCountdown {
  return {
    username: countdown.username,
    display_name: countdown.displayName,
    city: countdown.city,
    time_zone: countdown.timeZone,
    today: countdown.today,
    days_until: countdown.daysUntil,
    days_apart: countdown.daysApart,
    last_end_date: countdown.lastEndDate,
    together: countdown.together,
  };
}
