import type { FastifyInstance, FastifySchema, FastifyServerOptions, preSerializationHookHandler } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/** Where a route keeps the zod response schemas of its contract, beside the JSON schemas it serialises with. */
const CONTRACT_RESPONSES = Symbol("contract responses");

type Responses = Record<string, ZodType>;

/**
 * The `schemaController` option of every Fastify instance we make: requests are validated by zod,
 * so Fastify need not load ajv at start (a tenth of the cold start).
 */
export const zodSchemaController: FastifyServerOptions["schemaController"] = {
  // Fastify types this factory for ajv's compiler; it takes any compiler of its route schemas.
  compilersFactory: { buildValidator: (() => validatorCompiler) as unknown as BuildValidator },
};
type BuildValidator = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>["buildValidator"];
type SchemaWithContract = FastifySchema & { [CONTRACT_RESPONSES]?: Responses };

/**
 * Routes declare their answers with the shared zod contract; Fastify serialises them with its
 * compiled serialiser (fast-json-stringify) from the JSON schema zod derives from the same
 * contract, instead of re-validating every object on the way out. Each serialiser is derived and
 * compiled at its first use, not at start (compiling every route's took a quarter of the cold
 * start). Must be registered before the routes (it rewrites each route as it is added).
 */
export function serializeFromContract(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const responses = route.schema?.response as Responses | undefined;
    if (!route.schema || !responses) return;
    const { response: _compiledAtStart, ...schema } = route.schema;
    route.schema = { ...schema, [CONTRACT_RESPONSES]: responses } as SchemaWithContract;
    const serializers = new Map<number, AnswerSchemas>();
    const useCompiledSerializer: preSerializationHookHandler = (_request, reply, payload, done) => {
      const status = reply.statusCode;
      let schemas = serializers.get(status);
      const contract = responses[status];
      if (schemas === undefined && contract !== undefined) {
        schemas = answerSchemas(contract);
        serializers.set(status, schemas);
      }
      // Cached per route and schema by Fastify after the first compile.
      if (schemas !== undefined) reply.serializer(reply.compileSerializationSchema(schemas(payload), String(status)));
      done(null, payload);
    };
    const existing = route.preSerialization;
    route.preSerialization = [...(existing === undefined ? [] : [existing].flat()), useCompiledSerializer];
  });
}

type JsonSchema = Record<string, unknown>;

function toResponseJsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "output", target: "draft-7" });
  return forWriting(json) as JsonSchema;
}

const PRIMITIVE_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);
/** Keywords that only check a value: the serialiser writes the same JSON without them. */
const CHECKS_ONLY = new Set([
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
]);

/**
 * The schema as the serialiser needs it, which writes answers our own code built and checks none:
 * no `format`, `pattern` or other checks (fast-json-stringify tests values against some with ajv),
 * and a nullable primitive (`anyOf` of a type and null) as one `type` list, which it writes with a
 * `typeof` instead of trying each branch with ajv: the nullable dates of every question's answers
 * were checked as date-times once per row.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (node === null || typeof node !== "object") return node;
  const written: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (CHECKS_ONLY.has(key)) continue;
    written[key] = key === "properties" ? mapValues(value as JsonSchema, forWriting) : forWriting(value);
  }
  const branches = written.anyOf;
  if (Array.isArray(branches) && branches.every(isPlainPrimitive)) {
    const { anyOf: _anyOf, ...others } = written;
    return { ...others, type: [...new Set(branches.map((branch) => (branch as { type: string }).type))] };
  }
  return written;
}

/** `{type: "string"}` and the like, with nothing else to check. */
function isPlainPrimitive(branch: unknown): boolean {
  if (branch === null || typeof branch !== "object") return false;
  const { type, ...others } = branch as JsonSchema;
  return typeof type === "string" && PRIMITIVE_TYPES.has(type) && Object.keys(others).length === 0;
}

function mapValues(object: JsonSchema, map: (value: unknown) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
}

/** The JSON schema to serialise one answer with. */
type AnswerSchemas = (payload: unknown) => JsonSchema;

/**
 * A union whose branches answer different JSON types (a list or a page, a question or null) is
 * serialised with the branch the answer's type names: given the union, fast-json-stringify
 * validates the answer against each branch in turn (with ajv) on every request, which cost the
 * 10,000-memory list more than half its time and the nullable latest question a third.
 */
function answerSchemas(contract: ZodType): AnswerSchemas {
  const whole = toResponseJsonSchema(contract);
  const options =
    contract instanceof z.ZodUnion
      ? (contract.options as ZodType[])
      : contract instanceof z.ZodNullable
        ? [contract.unwrap() as ZodType, z.null()]
        : undefined;
  if (options === undefined) return () => whole;
  const byType = new Map<string, JsonSchema>();
  for (const option of options) {
    const json = toResponseJsonSchema(option);
    // Two branches of one type (or a branch of many types) would need a real choice: keep the union.
    if (typeof json.type !== "string" || byType.has(json.type)) return () => whole;
    byType.set(json.type, json);
  }
  return (payload) => byType.get(jsonTypeOf(payload)) ?? whole;
}

function jsonTypeOf(payload: unknown): string {
  if (payload === null) return "null";
  if (Array.isArray(payload)) return "array";
  return typeof payload;
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
