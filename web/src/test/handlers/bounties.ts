import { addDays, startOfDay } from "@spankbank/shared/calendar";
import {
  type Bounty,
  type BountyStatus,
  bountyBody,
  bountyDoneBody,
  bountySendBackBody,
} from "@spankbank/shared/contract/bounties";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { HttpResponse, http } from "msw";
import { once } from "../keyedWrites";
import { failure, signedInUsername } from "./auth";

/** The fake bounties, newest first, moved through their states as the server moves them. */
const state = { bounties: [] as Bounty[], nextId: 1, photos: new Map<number, Uint8Array>(), posted: [] as unknown[] };

export function resetBounties(): void {
  state.bounties = [];
  state.nextId = 1;
  state.photos = new Map();
  state.posted = [];
}

/**
 * As on another device: the poster sent bounty `id` back and its doer marked it done again with
 * `note`, while a page still shows the done before.
 */
export function doneAgainElsewhere(id: number, note: string): void {
  state.bounties = state.bounties.map((bounty) =>
    bounty.id === id ? { ...bounty, done_note: note, done_at: "2026-12-01T09:00:00.000Z" } : bounty,
  );
}

/** Every bounty body sent to be posted, posted or not. */
export const postedBountyBodies = () => state.posted;

/** The photo bytes the doer sent with a bounty marked done, as the server keeps them. */
export const bountyPhotoOf = (id: number): Uint8Array | undefined => state.photos.get(id);

const zoneOf = (username: string) => demoCouple.partners.find((p) => p.username === username)!.timeZone;
const otherOf = (username: string) => demoCouple.partners.find((p) => p.username !== username)!.username;

type Step = (bounty: Bounty, me: string, body: unknown, url: URL) => Bounty | Response;

/** One state change: the signed-in partner, the bounty by id, the step's own rules; a repeat answers as it stands. */
function change(step: Step) {
  return async ({
    params,
    request,
  }: {
    params: Record<string, string | readonly string[] | undefined>;
    request: Request;
  }) => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    const index = state.bounties.findIndex((b) => b.id === Number(params.id));
    if (index === -1) return failure(404, "Not Found", "No such bounty");
    const body = request.headers.get("content-type")?.includes("json") ? await request.json() : undefined;
    const next = step(state.bounties[index]!, me, body, new URL(request.url));
    if (next instanceof Response) return next;
    state.bounties[index] = next;
    return HttpResponse.json({ bounty: next });
  };
}

const refuse = (status: number, message: string) => failure(status, status === 403 ? "Forbidden" : "Conflict", message);
const from = (bounty: Bounty, allowed: BountyStatus[], to: BountyStatus, then: () => Partial<Bounty> = () => ({})) =>
  bounty.status === to ? bounty : allowed.includes(bounty.status) ? { ...bounty, status: to, ...then() } : null;

// The steps, each with the server's own rules and messages.
const claim = change((bounty, me) => {
  if (bounty.poster === me) return refuse(403, "You can't claim your own bounty.");
  return from(bounty, ["open"], "claimed", () => ({ doer: me })) ?? refuse(409, "This bounty is not open.");
});
const markDone = change((bounty, me, body) => {
  if (bounty.doer !== me && !(bounty.status === "open" && bounty.poster !== me))
    return refuse(403, "Only the partner doing it can mark it done.");
  const parsed = bountyDoneBody.safeParse(body);
  if (!parsed.success)
    return failure(
      400,
      "Bad Request",
      `body/${String(parsed.error.issues[0]!.path[0])}: ${parsed.error.issues[0]!.message}`,
    );
  const { photo } = parsed.data;
  return (
    from(bounty, ["open", "claimed"], "done", () => {
      if (photo !== undefined)
        state.photos.set(
          bounty.id,
          Uint8Array.from(atob(photo), (c) => c.charCodeAt(0)),
        );
      return {
        doer: otherOf(bounty.poster),
        done_note: parsed.data.note,
        done_photo: photo === undefined ? null : `/api/bounties/${bounty.id}/photo`,
        done_at: new Date().toISOString(),
      };
    }) ?? refuse(409, "This bounty can't be marked done now.")
  );
});
const approve = change((bounty, me, _body, url) => {
  if (bounty.poster !== me) return refuse(403, "Only the partner who posted it can approve it.");
  // As the server: a done that is not the one the page showed (done_at) is not paid.
  const doneAt = url.searchParams.get("done_at");
  if (bounty.status === "done" && doneAt !== null && doneAt !== bounty.done_at) {
    return refuse(409, "It was done again since your page showed it: nothing was paid.");
  }
  return (
    from(bounty, ["done"], "approved", () => ({ settled_at: new Date().toISOString() })) ??
    refuse(409, "Only a bounty marked done can be approved.")
  );
});
const sendBack = change((bounty, me, body, url) => {
  if (bounty.poster !== me) return refuse(403, "Only the partner who posted it can send it back.");
  const parsed = bountySendBackBody.safeParse(body);
  if (!parsed.success) return failure(400, "Bad Request", "body/reason: a reason is needed");
  if (bounty.status !== "done") return refuse(409, "Only a bounty marked done can be sent back.");
  // As the server: a done that is not the one the page showed (done_at) is not sent back.
  const doneAt = url.searchParams.get("done_at");
  if (doneAt !== null && doneAt !== bounty.done_at) {
    return refuse(409, "It was done again since your page showed it: nothing was sent back.");
  }
  return { ...bounty, status: "claimed", sent_back_reason: parsed.data.reason };
});
const withdraw = change((bounty, me) => {
  if (bounty.poster !== me) return refuse(403, "Only the partner who posted it can withdraw it.");
  return (
    from(bounty, ["open", "claimed"], "refunded", () => ({ settled_at: new Date().toISOString() })) ??
    refuse(409, "This bounty can't be withdrawn now.")
  );
});

export const bountyHandlers = [
  http.get("/api/bounties", () => {
    if (!signedInUsername()) return failure(401, "Unauthorized", "Sign in first");
    return HttpResponse.json({ bounties: state.bounties });
  }),
  http.post("/api/bounties", async ({ request }) => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    // The real contract, as the server checks it.
    const asked = await request.json();
    state.posted.push(asked);
    const parsed = bountyBody.safeParse(asked);
    if (!parsed.success)
      return failure(
        400,
        "Bad Request",
        `body/${String(parsed.error.issues[0]!.path[0])}: ${parsed.error.issues[0]!.message}`,
      );
    const data = parsed.data;
    return once(request, JSON.stringify(asked), () => {
      const bounty: Bounty = {
        id: state.nextId++,
        title: data.title,
        reward: data.reward,
        status: "open",
        poster: me,
        doer: null,
        due_date: data.due_date ?? null,
        // As the server: the end of the due day on the poster's clock.
        due_at: data.due_date ? startOfDay(addDays(data.due_date, 1), zoneOf(me)).toISOString() : null,
        done_note: null,
        done_photo: null,
        sent_back_reason: null,
        done_at: null,
        created_at: new Date().toISOString(),
        settled_at: null,
      };
      state.bounties.unshift(bounty);
      return { status: 201, json: { bounty } };
    });
  }),
  http.post("/api/bounties/:id/claim", claim),
  http.post("/api/bounties/:id/done", markDone),
  http.post("/api/bounties/:id/approve", approve),
  http.post("/api/bounties/:id/send-back", sendBack),
  http.post("/api/bounties/:id/withdraw", withdraw),
  http.get("/api/bounties/:id/photo", ({ params }) => {
    if (!signedInUsername()) return failure(401, "Unauthorized", "Sign in first");
    const photo = state.photos.get(Number(params.id));
    if (!photo) return failure(404, "Not Found", "No photo");
    return new HttpResponse(photo, { headers: { "Content-Type": "image/png" } });
  }),
];
