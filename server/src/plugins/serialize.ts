import type { FastifyInstance, FastifySchema } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/** Where a route keeps the zod response schemas of its contract, beside the JSON schemas it serialises with. */
const CONTRACT_RESPONSES = Symbol("contract responses");

type Responses = Record<string, ZodType>;
type SchemaWithContract = FastifySchema & { [CONTRACT_RESPONSES]?: Responses };

/**
 * Routes declare their answers with the shared zod contract; Fastify serialises them with its
 * compiled serialiser (fast-json-stringify) from the JSON schema zod derives from the same
 * contract, instead of re-validating every object on the way out. Must be registered before the
 * routes (it rewrites each route's schema as it is added).
 */
export function serializeFromContract(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const responses = route.schema?.response as Responses | undefined;
    if (!responses) return;
    const json = Object.fromEntries(
      Object.entries(responses).map(([status, schema]) => [status, toResponseJsonSchema(schema)]),
    );
    route.schema = { ...route.schema, response: json, [CONTRACT_RESPONSES]: responses } as SchemaWithContract;
  });
}

function toResponseJsonSchema(schema: ZodType): object {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "output", target: "draft-7" });
  return json;
}

/** The zod schema the contract gives a route's answer with this status, if any. */
export function contractResponse(schema: FastifySchema | undefined, statusCode: number): ZodType | undefined {
  return (schema as SchemaWithContract | undefined)?.[CONTRACT_RESPONSES]?.[String(statusCode)];
}

/** The OpenAPI document is built from the zod contract too, not from the derived JSON schemas. */
export const contractSchemaTransform: typeof jsonSchemaTransform = (document) => {
  const responses = (document.schema as SchemaWithContract | undefined)?.[CONTRACT_RESPONSES];
  if (!responses) return jsonSchemaTransform(document);
  return jsonSchemaTransform({ ...document, schema: { ...document.schema, response: responses } });
};
