import { type LaterLetter, type LaterLettersReply, laterLetterBody } from "@spankbank/shared/contract/laterLetters";
import { LATER_LETTERS_PER_PAGE } from "@spankbank/shared/limits";
import { HttpResponse, http } from "msw";
import { once } from "../keyedWrites";
import { failure } from "./auth";

/** The server's refusal of a rewrite from a form that showed an older version (db/src/laterLetters.ts). */
const SEALED_ELSEWHERE =
  "This letter was sealed again on another device since you opened it: nothing was replaced. Read the sealed one, then seal again to replace it.";
/** The server's refusal of a take-back from a page that showed an older version (db/src/laterLetters.ts). */
export const SEALED_AGAIN_BEFORE_TAKE_BACK =
  "This letter was sealed again on another device since you opened it: it was not taken back. Read the sealed one, then take it back if you still want to.";

/** The fake server's letters for later; alex is signed in (the session handler's user). */
const state = {
  letters: [] as LaterLetter[],
  nextId: 1,
  anniversary: "2024-02-14" as string | null,
  posted: [] as unknown[],
};

/** Every new letter sent to be sealed, sealed or not. */
export const postedLaterLetterBodies = (): readonly unknown[] => state.posted;
/** The letters alex wrote, as the fake server holds them. */
export const laterLettersFromAlex = (): readonly LaterLetter[] =>
  state.letters.filter((letter) => letter.from === "alex");

/** A letter in the fake server, written by `from` to the other partner. */
export function laterLetterFrom(from: "alex" | "sam", fields: Partial<LaterLetter>): LaterLetter {
  const letter: LaterLetter = {
    id: state.nextId++,
    from,
    to: from === "alex" ? "sam" : "alex",
    opening: { kind: "openWhen", moment: "sad" },
    opens_at: null,
    state: "ready",
    text: "Chin up, love.",
    written_at: "2026-11-23T12:00:00.000Z",
    updated_at: "2026-11-23T12:00:00.000Z",
    opened_at: null,
    ...fields,
  };
  state.letters.push(letter);
  return letter;
}

export function resetLaterLetters(): void {
  state.letters = [];
  state.nextId = 1;
  state.anniversary = "2024-02-14";
  state.posted = [];
}

/** What alex may see: a letter to alex keeps its text only once opened (as the real server does). */
const seen = (letter: LaterLetter): LaterLetter =>
  letter.to === "alex" && letter.state !== "open" ? { ...letter, text: null } : letter;

/** As the server: a page of each list, LATER_LETTERS_PER_PAGE a page (in the order the test set them); `page` sets both. */
const reply = (query: URLSearchParams): LaterLettersReply => {
  const toYou = state.letters.filter((l) => l.to === "alex").map(seen);
  const fromYou = state.letters.filter((l) => l.from === "alex");
  const both = Number(query.get("page") ?? 1);
  const windowOf = <T>(list: T[], asked: number) => {
    const pageCount = Math.max(1, Math.ceil(list.length / LATER_LETTERS_PER_PAGE));
    const page = Math.min(asked, pageCount);
    return { page, pageCount, rows: list.slice((page - 1) * LATER_LETTERS_PER_PAGE, page * LATER_LETTERS_PER_PAGE) };
  };
  const to = windowOf(toYou, Number(query.get("to_you_page") ?? both));
  const from = windowOf(fromYou, Number(query.get("from_you_page") ?? both));
  const pageCount = Math.max(to.pageCount, from.pageCount);
  return {
    to_you: to.rows,
    from_you: from.rows,
    anniversary: state.anniversary,
    to_you_page: to.page,
    to_you_page_count: to.pageCount,
    from_you_page: from.page,
    from_you_page_count: from.pageCount,
    page: Math.min(both, pageCount),
    pageCount,
    to_you_total: toYou.length,
    from_you_total: fromYou.length,
    to_you_waiting: toYou.filter((letter) => letter.state === "ready" && letter.opening.kind !== "openWhen").length,
  };
};

const byId = (id: unknown) => state.letters.find((letter) => letter.id === Number(id));

async function written(request: Request) {
  const parsed = laterLetterBody.safeParse(await request.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { refusal: failure(400, "Bad Request", `body.${issue.path.join(".")}: ${issue.message}`) };
  }
  const { opening } = parsed.data;
  // The real server's refusal of a moment gone by (db/src/laterLetters.ts), before the fake today.
  if (opening.kind === "date" && opening.date < "2026-11-23") {
    const passed = `opening.date: ${opening.date} at ${opening.time} has already passed on Sam's clock`;
    return { refusal: failure(400, "Bad Request", passed) };
  }
  const opensAt =
    opening.kind === "date"
      ? `${opening.date}T13:00:00.000Z`
      : opening.kind === "anniversary"
        ? "2027-02-14T13:00:00.000Z"
        : null;
  return {
    fields: {
      text: parsed.data.text,
      opening,
      opens_at: opensAt,
      state: opensAt ? ("sealed" as const) : ("ready" as const),
    },
  };
}

export const laterLetterHandlers = [
  http.get("/api/later-letters", ({ request }) => HttpResponse.json(reply(new URL(request.url).searchParams))),
  http.post("/api/later-letters", async ({ request }) => {
    const asked = await request.clone().json();
    state.posted.push(asked);
    const { refusal, fields } = await written(request);
    if (refusal) return refusal;
    return once(request, JSON.stringify(asked), () => ({
      status: 201,
      json: { letter: laterLetterFrom("alex", fields) },
    }));
  }),
  http.get("/api/later-letters/:id", ({ params }) => {
    const letter = byId(params.id);
    if (!letter) return failure(404, "Not Found", `No letter ${params.id}`);
    if (letter.to === "alex" && letter.state !== "open") return failure(409, "Conflict", "Open this letter first.");
    return HttpResponse.json({ letter });
  }),
  http.put("/api/later-letters/:id", async ({ params, request }) => {
    const letter = byId(params.id);
    if (!letter) return failure(404, "Not Found", `No letter ${params.id}`);
    const basedOn = ((await request.clone().json()) as { based_on?: string }).based_on;
    const { refusal, fields } = await written(request);
    if (refusal) return refusal;
    // As the server (db/src/laterLetters.ts): a form that showed an older version replaces nothing.
    const readsAsAsked =
      letter.text === fields.text && JSON.stringify(letter.opening) === JSON.stringify(fields.opening);
    if (basedOn !== undefined && basedOn !== letter.updated_at)
      return readsAsAsked ? HttpResponse.json({ letter }) : failure(409, "Conflict", SEALED_ELSEWHERE);
    Object.assign(letter, fields, { updated_at: new Date(Date.parse(letter.updated_at) + 60_000).toISOString() });
    return HttpResponse.json({ letter });
  }),
  // As the server: taken back as the page showed it (based_on, required), or not at all.
  http.delete("/api/later-letters/:id", ({ params, request }) => {
    const letter = byId(params.id);
    if (!letter) return failure(404, "Not Found", `No letter ${params.id}`);
    const basedOn = new URL(request.url).searchParams.get("based_on");
    if (basedOn === null)
      return failure(
        400,
        "Bad Request",
        "querystring.based_on: required: the letter's updated_at as the page showed it",
      );
    if (basedOn !== letter.updated_at) return failure(409, "Conflict", SEALED_AGAIN_BEFORE_TAKE_BACK);
    state.letters = state.letters.filter((kept) => kept !== letter);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post("/api/later-letters/:id/open", ({ params }) => {
    const letter = byId(params.id);
    if (!letter) return failure(404, "Not Found", `No letter ${params.id}`);
    if (letter.state === "sealed")
      return failure(409, "Conflict", "This letter is sealed until Thu 24 Dec, 08:00 your time.");
    Object.assign(letter, { state: "open", opened_at: "2026-11-23T12:30:00.000Z" });
    return HttpResponse.json({ letter });
  }),
];
