import { dayOf, type PartnerDaySettings, setDayOf } from "@spankbank/db/partnerDays";
import { myDayBody, myDayReply } from "@spankbank/shared/contract/myDay";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

const wire = (day: PartnerDaySettings) => ({
  sleep: day.sleep,
  work: day.work,
  quietHours: day.quietHours,
  source: day.source,
  updated_at: day.updatedAt,
});

/** Your day (issue 22): your sleep window, work hours and quiet hours. Only ever the signed-in partner's own. */
export const myDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get("/my-day", { schema: { response: { 200: myDayReply } } }, async (request) =>
    wire(dayOf(db, config, signedInUser(request).id)),
  );

  app.put("/my-day", { schema: { body: myDayBody, response: { 200: myDayReply } } }, async (request) =>
    wire(setDayOf(db, config, signedInUser(request).id, request.body, now())),
  );
};
