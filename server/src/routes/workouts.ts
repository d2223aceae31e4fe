import { logWorkout } from "@spankbank/db/workouts";
import { workoutBody, workoutReply } from "@spankbank/shared/contract/workouts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertNamesSelf } from "../plugins/auth.js";

export const workoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.post(
    "/log-workout",
    { schema: { body: workoutBody, response: { 201: workoutReply } } },
    async (request, reply) => {
      const { username, ...body } = request.body;
      const user = assertNamesSelf(request, { username });
      const { workout, reward } = logWorkout(db, { userId: user.id, body, now: now() }, config.economy);
      const { createdAt, ...fields } = workout;
      return reply.code(201).send({ workout: { ...fields, created_at: createdAt }, reward });
    },
  );
};
