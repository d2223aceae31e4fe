import { memoriesOfDay, timelineYear } from "@spankbank/db/timeline";
import {
  timelineDayPage,
  timelineDayQuery,
  timelineYearQuery,
  timelineYear as timelineYearReply,
} from "@spankbank/shared/contract/timeline";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { toWire, withImagesOf } from "./memories.js";

/** The timeline (issue 37): the board's memories by day on the couple's calendar, a year at a time. */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;
  const timeZone = config.dailyQuestion.timeZone;

  app.get(
    "/timeline",
    { schema: { querystring: timelineYearQuery, response: { 200: timelineYearReply } } },
    async (request) => {
      const { year, today, firstYear, total, days } = timelineYear(db, request.query.year, now(), timeZone);
      return { year, today, first_year: firstYear, total, days };
    },
  );

  app.get(
    "/timeline/day",
    { schema: { querystring: timelineDayQuery, response: { 200: timelineDayPage } } },
    async (request) => {
      const day = memoriesOfDay(db, request.query.date, request.query.page ?? 1, timeZone);
      const withImages = withImagesOf(db, day.memories.map(toWire));
      return {
        ...day,
        memories: withImages.map((memory, index) => ({ ...memory, board_page: day.memories[index]!.boardPage })),
      };
    },
  );
};
