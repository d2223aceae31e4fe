import { STATUS_CODES } from "node:http";
import { Refusal } from "@spankbank/db/errors";
import { diskProblem, sqliteErrorCode } from "@spankbank/db/sqliteErrors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isBusy } from "./busy.js";

const STATUS_OF_REFUSAL = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, limited: 429 } as const;

/** The reason phrase of a status, e.g. 413 "Payload Too Large", from Node's own table. */
function reason(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? "Error";
}

/** The contract's error body for a domain refusal: invalid 400, forbidden 403, not_found 404, conflict 409, limited 429. */
export function refusalBody(refusal: Refusal): { statusCode: number; error: string; message: string } {
  const statusCode = STATUS_OF_REFUSAL[refusal.code];
  return { statusCode, error: reason(statusCode), message: refusal.message };
}

/** An error with a status and a message fit for the client (401, 403, 404...). */
export function httpError(statusCode: number, message: string): FastifyError {
  return Object.assign(new Error(message), { statusCode, code: `HTTP_${statusCode}`, name: "HttpError" });
}

/**
 * One error handler: the contract's `{statusCode, error, message}`, a message that names the bad
 * field, and no internals for anything the server did not expect (logged, answered 500).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Refusal, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      const message = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
          return `${field ? `${where}.${field}` : where}: ${issue.message}`;
        })
        .join("; ");
      return reply.code(400).send({ statusCode: 400, error: reason(400), message });
    }
    if (error instanceof Refusal) {
      const body = refusalBody(error);
      return reply.code(body.statusCode).send(body);
    }
    if (isBusy(error)) {
      // Another process held the write lock past the retry budget: nothing was written.
      reply.header("Retry-After", "1");
      return reply.code(503).send({
        statusCode: 503,
        error: reason(503),
        message: "The database is busy. Try again in a moment.",
      });
    }
    const disk = diskAnswer(error);
    if (disk) {
      // Nothing was saved: SQLite rolled the transaction back. Reads go on working meanwhile.
      request.log.error({ err: error, req: request }, disk.message);
      return reply.code(disk.statusCode).send({ ...disk, error: reason(disk.statusCode) });
    }
    const constraint = constraintAnswer(sqliteErrorCode(error));
    if (constraint) {
      // Input the contract let through but the database's own checks refused: nothing was written.
      request.log.warn({ err: error, req: request }, "refused by a database constraint");
      return reply.code(constraint.statusCode).send({ ...constraint, error: reason(constraint.statusCode) });
    }
    const statusCode = error.statusCode ?? 500;
    // Client errors, and 503 "busy, retry" (its Retry-After is already set), say what happened.
    if ((statusCode >= 400 && statusCode < 500) || statusCode === 503) {
      return reply.code(statusCode).send({ statusCode, error: reason(statusCode), message: error.message });
    }
    request.log.error({ err: error, req: request }, "unexpected error");
    return reply
      .code(500)
      .send({ statusCode: 500, error: "Internal Server Error", message: "Something went wrong on our side." });
  });
}

/** 507 on a full disk (the write can succeed once space is freed), 503 on a read-only one. */
function diskAnswer(error: unknown): { statusCode: number; message: string } | undefined {
  switch (diskProblem(error)) {
    case "full":
      return {
        statusCode: 507,
        message: "The server's disk is full: nothing was saved. Free some space on it, then try again.",
      };
    case "read-only":
      return {
        statusCode: 503,
        message: "The server's database is read-only: nothing was saved. Make its folder writable, then try again.",
      };
    default:
      return undefined;
  }
}

/** A database constraint the input broke: a value out of range is 400, a clash with stored data 409. */
function constraintAnswer(code: string | undefined): { statusCode: number; message: string } | undefined {
  if (code === undefined || !code.startsWith("SQLITE_CONSTRAINT")) return undefined;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return { statusCode: 409, message: "That already exists." };
  }
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") {
    return { statusCode: 409, message: "That refers to something that does not exist (any more)." };
  }
  return { statusCode: 400, message: "A value is empty, too long or out of range." };
}
