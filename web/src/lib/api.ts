import { UNANSWERED_WRITE_KEY_MS } from "@spankbank/shared/limits";
import type { z } from "zod";

/** A non-2xx answer from /api (status 0: the server could not be reached). */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON answer, for refusals that carry more than a message (409 purchase). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | undefined>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** The spec asks for `no-store` on some reads. */
  cache?: RequestCache;
  /** Extra request headers, e.g. the purchase's Idempotency-Key. */
  headers?: Record<string, string>;
}

/** A keyed write's options: `write` names the form it comes from (see `newWrite`). */
interface WriteOptions extends Omit<RequestOptions, "body"> {
  write?: string;
}

/**
 * Loads the contract schema of an answer, e.g.
 * `() => import("@spankbank/shared/contract/memories").then((c) => c.onThisDay)`: only development
 * and tests call it (see byContract), so no page imports a contract (or zod) to read an answer.
 */
export type Contract<S extends z.ZodType> = () => Promise<S>;

/**
 * Production returns the answer's JSON as it is, so an answer's schema must read a value as its own
 * type: one whose output type differs from its input type (a transform to a number, a default) is
 * a type error here.
 */
type AsRead<S extends z.ZodType> = [z.input<S>, z.output<S>] extends [z.output<S>, z.input<S>]
  ? unknown
  : { "an answer's schema must not transform": never };

/** Reads a 2xx answer's JSON into what the caller gets, throwing when it is not the expected shape. */
type Reader<T> = (answer: unknown) => T | Promise<T>;

/** Parses with the shared contract schema in development and tests; production trusts the answer. */
function byContract<S extends z.ZodType>(method: string, path: string, contract: Contract<S>): Reader<z.output<S>> {
  // The server's serializer is compiled from the same contract, and dev and tests check every
  // answer (their fixtures stay honest): production skips zod's download and schema building.
  if (!import.meta.env.DEV) return (answer) => answer as z.output<S>;
  const schemaReady = contract();
  // Awaited when the answer comes; a failed import must not count as unhandled meanwhile.
  schemaReady.catch(() => undefined);
  return async (answer) => {
    const parsed = (await schemaReady).safeParse(answer);
    if (!parsed.success) {
      throw new Error(`The answer to ${method} ${path} does not match the contract: ${parsed.error.message}`);
    }
    return parsed.data;
  };
}

/** Calls the app's own /api and reads the answer. Without a reader the answer must be empty (204). */
async function request<T>(
  method: string,
  path: string,
  read: Reader<T> | undefined,
  { query, body, signal, cache, headers: extraHeaders }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: "application/json" };
  // The server refuses a POST or PUT that is not JSON (CSRF rule), so those always carry a body.
  const sendsBody = body !== undefined || method === "POST" || method === "PUT";
  if (sendsBody) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
      credentials: "same-origin",
      signal,
      cache,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      0,
      navigator.onLine
        ? "Could not reach the server. Check your connection and try again."
        : "You are offline: nothing was sent. Try again once the connection is back.",
    );
  }
  if (!response.ok) throw await errorOf(response);
  if (read === undefined) return undefined as T;
  return read(await response.json());
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A refusal's leading field path ("body.opening.date: ", "wishedAt: "): for the API's callers, not for the partner. */
const FIELD_PATH = /^[a-z_]\w*(?:\.\w+|\[\d+\])*: /;

async function errorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  // Fastify's error shape, or a refusal such as the purchase's {success: false, message}.
  const [{ errorBody }] = await Promise.all([import("@spankbank/shared/contract/common"), import("./zod")]);
  const parsed = errorBody.pick({ message: true }).safeParse(body);
  const message = parsed.success
    ? parsed.data.message.replace(FIELD_PATH, "")
    : `${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, message, body);
}

/**
 * The Idempotency-Key of each write sent and not yet answered, by what it asks (path and body, or
 * the form it comes from), and when it was first sent. A tap again after a lost answer (the
 * connection dropped once the server had written it) sends the same key, and the server answers the
 * first answer instead of writing twice. A write the server answered, done or refused, is forgotten,
 * and so is one unanswered for UNANSWERED_WRITE_KEY_MS: the same words again later are a new write.
 */
type UnansweredWrites = Record<string, { key: string; sentAt: number }>;

/**
 * Kept on the device, not in the page: a page loaded anew after a lost answer (the phone discarded
 * the tab while it slept, or the partner reloaded to see whether it went through) sends the same key.
 */
const UNANSWERED_WRITES = "spankbank:unanswered-writes";
/** Where they are kept on a device that keeps nothing (a private window that blocks storage). */
let unansweredInPage: UnansweredWrites = {};

function unansweredWrites(): UnansweredWrites {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(UNANSWERED_WRITES) ?? "{}");
    return typeof kept === "object" && kept !== null ? (kept as UnansweredWrites) : {};
  } catch {
    return unansweredInPage;
  }
}

function keepUnansweredWrites(writes: UnansweredWrites): void {
  // Past its key's life a write is a new one anyway: forgotten, so what is kept stays small.
  unansweredInPage = Object.fromEntries(
    Object.entries(writes).filter(([, { sentAt }]) => Date.now() - sentAt < UNANSWERED_WRITE_KEY_MS),
  );
  try {
    localStorage.setItem(UNANSWERED_WRITES, JSON.stringify(unansweredInPage));
  } catch {
    // No storage: kept in the page only.
  }
}

/** Forgets a write (under every name its key was kept by) once the server answered it: the same words again are a new write. */
function answered(key: string): void {
  keepUnansweredWrites(Object.fromEntries(Object.entries(unansweredWrites()).filter(([, kept]) => kept.key !== key)));
}

/** Random enough for a key, and, unlike `crypto.randomUUID`, there on a plain-http address too. */
function newWriteKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A name for one opening of a form: its sends carry one key until the server answers, even with a
 * word fixed in between (the partner who sees an error, corrects a typo and presses again means the
 * same favour, not a second one). Pass it as `write`; a new opening takes a new name.
 */
export function newWrite(): string {
  return `${FORM_OPENING}${newWriteKey()}`;
}
const FORM_OPENING = "form:";

/** The server's answer to a form sent again, changed, whose first send it had written: nothing more was. */
export const isWrittenAlready = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 422;

/** Refused because what the page showed was changed since (409: another device, the other partner): nothing was written. */
export const isChangedSince = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409;

/** What a toast says of a failed write: the server's words when it was changed since, else `otherwise`. */
export const changedSinceOr = (error: unknown, otherwise: string): string =>
  isChangedSince(error) ? error.message : otherwise;

/** A refusal the server answered before writing anything (not written already, not lost, not a failure). */
export const wroteNothing = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && !isWrittenAlready(error);

/** The writes that send a JSON body. */
type Write = "POST" | "PUT";

async function sendOnce<T>(
  method: Write,
  path: string,
  body: unknown,
  read: Reader<T> | undefined,
  { write: form, ...options }: WriteOptions = {},
) {
  const asked = `${method} ${path} ${JSON.stringify(body)}`;
  // A form opening's write is also known by what it asks: the form opened anew (the page left and
  // come back to, or reloaded, after a lost answer) has a new name, and the same words are still
  // that write. A write named by what the page showed (`redeem 4 of 2`) is that one only.
  const names =
    form === undefined
      ? [asked]
      : form.startsWith(FORM_OPENING)
        ? [`${method} ${path} ${form}`, asked]
        : [`${method} ${path} ${form}`];
  const writes = unansweredWrites();
  const unanswered = names
    .map((name) => writes[name])
    .find((kept) => kept !== undefined && Date.now() - kept.sentAt < UNANSWERED_WRITE_KEY_MS);
  const key = unanswered?.key ?? newWriteKey();
  const sentAt = unanswered?.sentAt ?? Date.now();
  if (names.some((name) => writes[name]?.key !== key)) {
    keepUnansweredWrites({ ...writes, ...Object.fromEntries(names.map((name) => [name, { key, sentAt }])) });
  }
  try {
    const answer = await request(method, path, read, {
      ...options,
      body,
      headers: { ...options.headers, "Idempotency-Key": key },
    });
    answered(key);
    return answer;
  } catch (error) {
    // A refusal is an answer; no answer (status 0) or a server failure may have written it, or not.
    // Written already (422): the key is kept, so pressing again can never write it a second time.
    if (wroteNothing(error)) answered(key);
    throw error;
  }
}

/** A write with a JSON body, read with its contract (none: the answer is empty). */
const send =
  (method: Write) =>
  <S extends z.ZodType>(
    path: string,
    body: unknown,
    schema?: Contract<S> & AsRead<S>,
    options?: Omit<RequestOptions, "body">,
  ) =>
    request(method, path, schema && byContract(method, path, schema), { ...options, body });

/** The same write with an Idempotency-Key (sendOnce): sent again, it happens once. */
const sendOnceWith =
  (method: Write) =>
  <S extends z.ZodType>(path: string, body: unknown, schema: Contract<S> & AsRead<S>, options?: WriteOptions) =>
    sendOnce(method, path, body, byContract(method, path, schema), options);

export const api = {
  get: <S extends z.ZodType>(path: string, schema: Contract<S> & AsRead<S>, options?: Omit<RequestOptions, "body">) =>
    request("GET", path, byContract("GET", path, schema), options),
  /** A GET read without zod, for the first load only (the session check); everything else uses `get`. */
  read: <T>(path: string, read: Reader<T>, options?: Omit<RequestOptions, "body">) =>
    request("GET", path, read, options),
  post: send("POST"),
  /** A POST that makes something (a purchase, a redeem, a workout...): sent again, it happens once. */
  postOnce: sendOnceWith("POST"),
  put: send("PUT"),
  /** A PUT that moves a count (a favour's stock): sent again, it happens once. */
  putOnce: sendOnceWith("PUT"),
  delete: (path: string, options?: Omit<RequestOptions, "body">) =>
    request<undefined>("DELETE", path, undefined, options),
};
