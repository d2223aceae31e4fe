import { MY_DAY_CHANGED_SINCE, type MyDayReply, myDayBody } from "@spankbank/shared/contract/myDay";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { HttpResponse, http } from "msw";
import { failure, signedInUsername } from "./auth";

/** Each partner's own day as the fake server holds it, and every body sent to PUT. */
const state = { days: new Map<string, MyDayReply>(), puts: [] as unknown[] };

export function myDayPuts(): readonly unknown[] {
  return state.puts;
}
/** The next PUT is refused with this message (e.g. as the server refuses a bad time). */
let refuseNext: string | null = null;
export function refuseNextMyDay(message: string): void {
  refuseNext = message;
}
/** `username`'s day as saved elsewhere (another device). */
export function setMyDayOf(username: string, day: MyDayReply): void {
  state.days.set(username, day);
}
/** `username`'s own day as the fake server holds it (undefined: none saved, the config's). */
export const savedMyDayOf = (username: string): MyDayReply | undefined => state.days.get(username);
export function resetMyDay(): void {
  state.days.clear();
  state.puts = [];
  refuseNext = null;
}

/** The config's day, as the server answers before the partner saves their own. */
function configDay(username: string): MyDayReply {
  const partner = demoCouple.partners.find((p) => p.username === username) ?? demoCouple.partners[0];
  return { sleep: partner.sleep, work: partner.work ?? null, quietHours: "silent", source: "config", updated_at: null };
}

export const myDayHandlers = [
  http.get("/api/my-day", () => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    return HttpResponse.json(state.days.get(me) ?? configDay(me));
  }),
  http.put("/api/my-day", async ({ request }) => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    const body = await request.json();
    state.puts.push(body);
    if (refuseNext) {
      const message = refuseNext;
      refuseNext = null;
      return failure(400, "Bad Request", message);
    }
    // The real contract, as the server checks it.
    const parsed = myDayBody.safeParse(body);
    if (!parsed.success) return failure(400, "Bad Request", `body: ${parsed.error.issues[0]!.message}`);
    const { based_on: basedOn, ...saved } = parsed.data;
    // As the server: a day saved since on another device (based_on) is kept, not overwritten.
    if (basedOn !== undefined && basedOn !== (state.days.get(me)?.updated_at ?? null)) {
      return failure(409, "Conflict", MY_DAY_CHANGED_SINCE);
    }
    const reply: MyDayReply = { ...saved, source: "web", updated_at: new Date().toISOString() };
    state.days.set(me, reply);
    return HttpResponse.json(reply);
  }),
];
