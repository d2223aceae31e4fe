import { secondsUntilWorkoutAllowed } from "@spankbank/db/workoutRate";
import { logWorkout, workoutRewardToday } from "@spankbank/db/workouts";
import { workoutBody, workoutReply, workoutRewardReply } from "@spankbank/shared/contract/workouts";
import { WORKOUTS_PER_HOUR_MAX } from "@spankbank/shared/limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpError } from "../plugins/errors.js";
import { keyedHeaders, writeOnce } from "../plugins/keyedWrites.js";
import { assertNamesSelf, signedInUser } from "../plugins/session.js";

export const workoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.post(
    "/log-workout",
    { schema: { headers: keyedHeaders, body: workoutBody, response: { 201: workoutReply } } },
    async (request, reply) => {
      const { username, ...body } = request.body;
      const user = assertNamesSelf(request, { username });
      const logged = writeOnce(request, user.id, (tx) => {
        const wait = secondsUntilWorkoutAllowed(tx, user.id, now());
        if (wait > 0) {
          reply.header("Retry-After", String(wait));
          throw httpError(
            429,
            `That is ${WORKOUTS_PER_HOUR_MAX} workouts in the last hour. Log the next one a little later.`,
          );
        }
        const { workout, reward } = logWorkout(tx, { userId: user.id, body, now: now() }, config.economy);
        const { createdAt, ...fields } = workout;
        return { workout: { ...fields, created_at: createdAt }, reward };
      });
      return reply.code(201).send(logged);
    },
  );

  app.get("/workout-reward", { schema: { response: { 200: workoutRewardReply } } }, async (request) => {
    const today = workoutRewardToday(db, signedInUser(request).id, config.economy, now());
    return { reward: today.reward, rewards_per_day: today.rewardsPerDay, rewarded_today: today.rewardedToday };
  });
};
