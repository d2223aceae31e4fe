import { z } from "zod";

/** Fastify's error shape, used by every non-2xx answer. */
export const errorBody = z.object({ statusCode: z.int(), error: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Dates on the wire are ISO 8601 in UTC. */
export const isoDate = z.iso.datetime();

export const id = z.coerce.number().int().positive();
export const idParams = z.object({ id });

/** The spec's optional `username` parameter: when given, it must name the signed-in user. */
export const usernameQuery = z.object({ username: z.string().min(1).max(64).optional() });

/** The trimmed, length-limited text the server accepts for names, descriptions and answers. */
export const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max);
