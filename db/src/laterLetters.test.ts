import { demoCouple } from "@spankbank/shared/demoCouple";
import { LATER_LETTERS_WAITING_MAX } from "@spankbank/shared/limits";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { syncCouple } from "./couple.js";
import {
  announceOpenedLetters,
  editLaterLetter,
  laterLettersFor,
  openLaterLetter,
  readLaterLetter,
  SEALED_ELSEWHERE,
  takeBackLaterLetter,
  writeLaterLetter,
} from "./laterLetters.js";
import { pendingEvents } from "./outbox.js";
import { openTestDb, refusalOf } from "./test/testDb.js";

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

const count = () => (db.$client.prepare("SELECT COUNT(*) AS n FROM later_letters").get() as { n: number }).n;
const announced = () => pendingEvents(db, 100).filter((event) => event.kind === "letter_opened");
const written = new Date("2026-11-23T12:00:00Z");

/** Alex (Asia/Kolkata) writes to Sam (America/New_York); Sam's clock decides. */
function toSam(opening: object, text = "Dear Sam,\n\nOpen this on the day.", now = written) {
  return writeLaterLetter(db, { fromUserId: alex, text, opening, anniversary: "2024-02-29", now });
}

describe("letters for later: the moment on the recipient's clock", () => {
  it("opens a dated letter at that time on the recipient's clock (Sam in New York, winter)", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    expect(letter).toMatchObject({ from: "alex", to: "sam", state: "sealed", opensAt: "2026-12-24T13:00:00.000Z" });
  });

  it("opens at that day and time on the recipient's new clock once they moved (couple.config.json), as its label says", () => {
    const dated = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    const anniversary = toSam({ kind: "anniversary" });
    const opened = toSam({ kind: "date", date: "2026-11-25", time: "08:00" });
    expect(anniversary.opensAt).toBe("2027-02-28T13:00:00.000Z");
    openLaterLetter(db, { userId: sam, id: opened.id, now: new Date("2026-11-26T12:00:00Z") });
    // Sam moves from New York to Lisbon (UTC+0 in winter).
    const [, samInNewYork] = demoCouple.partners;
    syncCouple(
      db,
      { ...demoCouple, partners: [demoCouple.partners[0]!, { ...samInNewYork!, timeZone: "Europe/Lisbon" }] },
      new Date("2026-11-26T12:00:00Z"),
    );

    const opensAt = (id: number) =>
      (db.$client.prepare("SELECT opens_at FROM later_letters WHERE id = ?").get(id) as { opens_at: string }).opens_at;
    expect(opensAt(dated.id)).toBe("2026-12-24T08:00:00.000Z");
    expect(opensAt(anniversary.id)).toBe("2027-02-28T08:00:00.000Z");
    // What Sam reads: the moment on Sam's clock now, and the letter opens then.
    const now = new Date("2026-11-26T12:00:00Z");
    expect(refusalOf(() => readLaterLetter(db, { userId: sam, id: dated.id, now }))?.message).toBe(
      "This letter is sealed until Thu 24 Dec, 08:00 your time.",
    );
    expect(
      refusalOf(() => openLaterLetter(db, { userId: sam, id: dated.id, now: new Date("2026-12-24T07:59:00Z") }))
        .message,
    ).toBe("This letter is sealed until Thu 24 Dec, 08:00 your time.");
    expect(openLaterLetter(db, { userId: sam, id: dated.id, now: new Date("2026-12-24T08:00:00Z") }).state).toBe(
      "open",
    );
    // One already opened is left as it was.
    expect(opensAt(opened.id)).toBe(opened.opensAt);
  });

  it("reads Alex's clock in Asia/Kolkata when Sam writes", () => {
    const letter = writeLaterLetter(db, {
      fromUserId: sam,
      text: "For you",
      opening: { kind: "date", date: "2026-12-24", time: "08:00" },
      now: written,
    });
    expect(letter.opensAt).toBe("2026-12-24T02:30:00.000Z");
  });

  it("keeps 08:00 on Sam's clock across both DST changes", () => {
    expect(toSam({ kind: "date", date: "2027-03-13", time: "08:00" }).opensAt).toBe("2027-03-13T13:00:00.000Z");
    expect(toSam({ kind: "date", date: "2027-03-14", time: "08:00" }).opensAt).toBe("2027-03-14T12:00:00.000Z");
    expect(toSam({ kind: "date", date: "2027-11-06", time: "08:00" }).opensAt).toBe("2027-11-06T12:00:00.000Z");
    expect(toSam({ kind: "date", date: "2027-11-07", time: "08:00" }).opensAt).toBe("2027-11-07T13:00:00.000Z");
  });

  it("opens a letter set in the spring-forward gap when the clocks reach that time past the jump (02:30 -> 03:30 EDT)", () => {
    const letter = toSam({ kind: "date", date: "2027-03-14", time: "02:30" });
    expect(letter.opensAt).toBe("2027-03-14T07:30:00.000Z");
    expect(letter.opening).toEqual({ kind: "date", date: "2027-03-14", time: "02:30" });
  });

  it("opens an anniversary letter at 08:00 on the recipient's clock; 29 February opens on the 28th in 2027", () => {
    const letter = toSam({ kind: "anniversary" });
    // 08:00 EST on 28 February 2027.
    expect(letter.opensAt).toBe("2027-02-28T13:00:00.000Z");
    expect(letter.opening).toEqual({ kind: "anniversary" });
  });

  it("refuses an anniversary letter when no anniversary is set, naming the field", () => {
    const refusal = refusalOf(() =>
      writeLaterLetter(db, { fromUserId: alex, text: "Hi", opening: { kind: "anniversary" }, now: written }),
    );
    expect(refusal.code).toBe("invalid");
    expect(refusal.message).toMatch(/^opening\.kind: no anniversary is set/);
    expect(count()).toBe(0);
  });

  it("refuses a moment already past on the recipient's clock, writing nothing", () => {
    // 07:00 on 23 November in New York is 12:00 UTC: exactly now, so already past.
    const refusal = refusalOf(() => toSam({ kind: "date", date: "2026-11-23", time: "07:00" }));
    expect(refusal.message).toBe("opening.date: 2026-11-23 at 07:00 has already passed on Sam's clock");
    expect(toSam({ kind: "date", date: "2026-11-23", time: "07:01" }).state).toBe("sealed");
    expect(count()).toBe(1);
  });

  it("refuses bad text, a bad date, time or moment, naming the field and writing nothing", () => {
    const cases: [object, string, string][] = [
      [{ kind: "date", date: "2027-02-29", time: "08:00" }, "Hi", "opening.date"],
      [{ kind: "date", date: "2027-01-01", time: "24:00" }, "Hi", "opening.time"],
      [{ kind: "openWhen", moment: "bored" }, "Hi", "opening.moment"],
      [{ kind: "someday" }, "Hi", "opening.kind"],
      [{ kind: "openWhen", moment: "sad" }, " \u200b ", "text"],
      [{ kind: "openWhen", moment: "sad" }, "x".repeat(4001), "text"],
      [{ kind: "date", date: "2060-01-01", time: "08:00" }, "Hi", "opening.date"],
    ];
    for (const [opening, text, field] of cases) {
      const refusal = refusalOf(() => toSam(opening, text));
      expect(refusal.code, JSON.stringify(opening)).toBe("invalid");
      expect(refusal.message.startsWith(`${field}:`), refusal.message).toBe(true);
    }
    expect(count()).toBe(0);
  });

  it(`holds at most ${LATER_LETTERS_WAITING_MAX} unopened letters per writer`, () => {
    for (let i = 0; i < LATER_LETTERS_WAITING_MAX; i++) toSam({ kind: "openWhen", moment: "sad" });
    expect(refusalOf(() => toSam({ kind: "openWhen", moment: "sad" })).code).toBe("conflict");
    expect(count()).toBe(LATER_LETTERS_WAITING_MAX);
  });
});

describe("a letter whose moment has come, when its recipient moves", () => {
  it("stays ready to open, announced or not, after Sam moves west from New York to Los Angeles", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    expect(letter.opensAt).toBe("2026-12-24T13:00:00.000Z");
    // 14:00 UTC on Christmas Eve: Sam's page says it can be opened (the bot, down, has not announced it).
    const now = new Date("2026-12-24T14:00:00Z");
    expect(laterLettersFor(db, sam, now).toYou[0]!.state).toBe("ready");
    // The server restarts with Sam's new zone (couple.config.json).
    const [alexPartner, samPartner] = demoCouple.partners;
    syncCouple(
      db,
      { ...demoCouple, partners: [alexPartner!, { ...samPartner!, timeZone: "America/Los_Angeles" }] },
      now,
    );
    expect(laterLettersFor(db, sam, now).toYou[0]!.state).toBe("ready");
    expect(openLaterLetter(db, { userId: sam, id: letter.id, now }).text).toBe("Dear Sam,\n\nOpen this on the day.");
  });
});

describe("sealed until its moment", () => {
  it("shows Sam a sealed letter's moment and never its text, and refuses to read or open it early", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" }, "The secret");
    const justBefore = new Date("2026-12-24T12:59:59.999Z");
    const [seen] = laterLettersFor(db, sam, justBefore).toYou;
    expect(seen).toMatchObject({ id: letter.id, state: "sealed", text: null, opensAt: "2026-12-24T13:00:00.000Z" });
    for (const early of [
      () => readLaterLetter(db, { userId: sam, id: letter.id, now: justBefore }),
      () => openLaterLetter(db, { userId: sam, id: letter.id, now: justBefore }),
    ]) {
      const refusal = refusalOf(early);
      expect(refusal.code).toBe("conflict");
      expect(refusal.message).toBe("This letter is sealed until Thu 24 Dec, 08:00 your time.");
    }
    // The writer reads their own whenever they like.
    expect(laterLettersFor(db, alex, justBefore).fromYou[0]!.text).toBe("The secret");
    expect(readLaterLetter(db, { userId: alex, id: letter.id, now: justBefore }).text).toBe("The secret");
  });

  it("opens at exactly its moment, and records when Sam opened it", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" }, "The secret");
    const moment = new Date("2026-12-24T13:00:00.000Z");
    expect(laterLettersFor(db, sam, moment).toYou[0]).toMatchObject({ state: "ready", text: null });
    expect(refusalOf(() => readLaterLetter(db, { userId: sam, id: letter.id, now: moment })).message).toBe(
      "Open this letter first.",
    );
    const opened = openLaterLetter(db, { userId: sam, id: letter.id, now: moment });
    expect(opened).toMatchObject({ state: "open", text: "The secret", openedAt: "2026-12-24T13:00:00.000Z" });
    const later = new Date("2026-12-25T00:00:00Z");
    expect(openLaterLetter(db, { userId: sam, id: letter.id, now: later }).openedAt).toBe("2026-12-24T13:00:00.000Z");
    expect(laterLettersFor(db, alex, later).fromYou[0]).toMatchObject({
      state: "open",
      openedAt: moment.toISOString(),
    });
  });

  it("keeps a letter sealed through the fall-back hour: 01:30 on 1 November 2026 opens at its first showing", () => {
    const letter = toSam(
      { kind: "date", date: "2026-11-01", time: "01:30" },
      "Twice",
      new Date("2026-10-01T00:00:00Z"),
    );
    expect(letter.opensAt).toBe("2026-11-01T05:30:00.000Z");
    expect(
      refusalOf(() => openLaterLetter(db, { userId: sam, id: letter.id, now: new Date("2026-11-01T05:29:59Z") })).code,
    ).toBe("conflict");
    expect(openLaterLetter(db, { userId: sam, id: letter.id, now: new Date("2026-11-01T05:30:00Z") }).text).toBe(
      "Twice",
    );
  });

  it("lets Sam open an 'open when' letter at any time, and never Alex (its writer)", () => {
    const letter = toSam({ kind: "openWhen", moment: "sad" }, "Chin up, love");
    expect(laterLettersFor(db, sam, written).toYou[0]).toMatchObject({ state: "ready", text: null, opensAt: null });
    expect(refusalOf(() => openLaterLetter(db, { userId: alex, id: letter.id, now: written })).code).toBe("forbidden");
    expect(openLaterLetter(db, { userId: sam, id: letter.id, now: written }).text).toBe("Chin up, love");
  });

  it("never shows anyone a letter that is not theirs (ids of others are not found)", () => {
    const letter = toSam({ kind: "openWhen", moment: "sad" });
    expect(refusalOf(() => readLaterLetter(db, { userId: 999, id: letter.id })).code).toBe("not_found");
    expect(refusalOf(() => readLaterLetter(db, { userId: sam, id: letter.id + 1 })).code).toBe("not_found");
  });
});

describe("changing a letter before it opens", () => {
  it("lets the writer rewrite text and moment while sealed, and take it back", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    const edited = editLaterLetter(db, {
      id: letter.id,
      fromUserId: alex,
      text: "Better words",
      opening: { kind: "openWhen", moment: "can't sleep" },
      now: written,
    });
    expect(edited).toMatchObject({
      text: "Better words",
      opensAt: null,
      opening: { kind: "openWhen", moment: "can't sleep" },
    });
    takeBackLaterLetter(db, { userId: alex, id: letter.id, basedOn: edited.updatedAt, now: written });
    expect(count()).toBe(0);
  });

  it("refuses a rewrite from a form that showed a version sealed again since, and answers one sent again as done", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" }, "From the start");
    const phoneSaw = letter.updatedAt;
    const later = new Date(written.getTime() + 60_000);
    const laptop = { id: letter.id, fromUserId: alex, text: "From the laptop", basedOn: phoneSaw, now: later };
    const sealedAgain = editLaterLetter(db, { ...laptop, opening: { kind: "openWhen", moment: "sad" } });
    expect(sealedAgain.updatedAt).not.toBe(phoneSaw);

    // The phone's form still shows the first version.
    const phone = { id: letter.id, fromUserId: alex, basedOn: phoneSaw, now: new Date(later.getTime() + 60_000) };
    const stale = () => editLaterLetter(db, { ...phone, text: "From the phone", opening: { kind: "anniversary" } });
    expect(refusalOf(stale)).toMatchObject({ code: "conflict", message: SEALED_ELSEWHERE });
    expect(readLaterLetter(db, { userId: alex, id: letter.id })).toMatchObject({
      text: "From the laptop",
      updatedAt: sealedAgain.updatedAt,
    });

    // The laptop's own rewrite sent again (its answer was lost) reads as it already does: done, nothing written.
    const again = editLaterLetter(db, { ...laptop, opening: { kind: "openWhen", moment: "sad" }, now: phone.now });
    expect(again).toMatchObject({ text: "From the laptop", updatedAt: sealedAgain.updatedAt });
    // Saved knowingly, on the version now shown, it is rewritten.
    const knowing = editLaterLetter(db, {
      ...phone,
      basedOn: sealedAgain.updatedAt,
      text: "From the phone",
      opening: { kind: "openWhen", moment: "sad" },
    });
    expect(knowing.text).toBe("From the phone");
  });

  it("refuses the recipient changing it, and anyone changing it once it has opened", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" }, "Kept");
    const change = { id: letter.id, text: "Changed", opening: { kind: "openWhen", moment: "sad" } };
    expect(refusalOf(() => editLaterLetter(db, { ...change, fromUserId: sam, now: written })).code).toBe("forbidden");
    const opened = new Date("2026-12-24T13:00:00Z");
    expect(refusalOf(() => editLaterLetter(db, { ...change, fromUserId: alex, now: opened })).code).toBe("conflict");
    expect(
      refusalOf(() => takeBackLaterLetter(db, { userId: alex, id: letter.id, basedOn: letter.updatedAt, now: opened }))
        .code,
    ).toBe("conflict");
    const sad = toSam({ kind: "openWhen", moment: "sad" });
    openLaterLetter(db, { userId: sam, id: sad.id, now: written });
    expect(
      refusalOf(() => takeBackLaterLetter(db, { userId: alex, id: sad.id, basedOn: sad.updatedAt, now: written })).code,
    ).toBe("conflict");
    expect(readLaterLetter(db, { userId: alex, id: letter.id }).text).toBe("Kept");
  });
});

describe("announcing an opening", () => {
  it("queues each dated or anniversary opening once when its moment comes, however often it runs", () => {
    const christmas = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    toSam({ kind: "anniversary" });
    toSam({ kind: "openWhen", moment: "sad" });
    expect(announceOpenedLetters(db, new Date("2026-12-24T12:59:59Z"))).toBe(0);
    expect(announceOpenedLetters(db, new Date("2026-12-24T13:00:00Z"))).toBe(1);
    expect(announceOpenedLetters(db, new Date("2026-12-24T13:01:00Z"))).toBe(0);
    expect(announced().map((event) => event.payload)).toEqual([
      { letterId: christmas.id, fromUserId: alex, toUserId: sam, opensAt: "2026-12-24T13:00:00.000Z" },
    ]);
    // News for Sam: quiet hours go by Sam's sleep.
    expect(announced().map((event) => event.recipientUserId)).toEqual([sam]);
    // The anniversary, long after (the bot was off): announced once then.
    expect(announceOpenedLetters(db, new Date("2027-06-01T00:00:00Z"))).toBe(1);
    expect(announceOpenedLetters(db, new Date("2027-06-01T00:00:00Z"))).toBe(0);
    expect(announced()).toHaveLength(2);
  });
});

describe("announcing a moved opening", () => {
  it("announces a sealed letter whose date the writer moved once, at its new moment", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    const moved = editLaterLetter(db, {
      id: letter.id,
      fromUserId: alex,
      text: "Dear Sam, a day later.",
      opening: { kind: "date", date: "2026-12-25", time: "08:00" },
      basedOn: letter.updatedAt,
      now: new Date("2026-12-01T12:00:00Z"),
    });
    expect(announceOpenedLetters(db, new Date("2026-12-24T13:00:00Z"))).toBe(0);
    expect(announceOpenedLetters(db, new Date("2026-12-25T13:00:00Z"))).toBe(1);
    expect(announceOpenedLetters(db, new Date("2026-12-26T13:00:00Z"))).toBe(0);
    expect(announced().map((event) => event.payload)).toEqual([
      { letterId: moved.id, fromUserId: alex, toUserId: sam, opensAt: "2026-12-25T13:00:00.000Z" },
    ]);
  });

  it("announces the new moment of a letter moved after the clock was set back past its announced opening, and drops the stale announcement", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    // The box's clock ran ahead: the opening was announced (queued, not yet posted)...
    expect(announceOpenedLetters(db, new Date("2026-12-24T13:00:00Z"))).toBe(1);
    // ...then it was set back a day: the letter reads as sealed, and Alex moves it.
    const back = new Date("2026-12-23T13:00:00Z");
    expect(laterLettersFor(db, alex, back).fromYou[0]?.state).toBe("sealed");
    editLaterLetter(db, {
      id: letter.id,
      fromUserId: alex,
      text: "Dear Sam, on Boxing Day instead.",
      opening: { kind: "date", date: "2026-12-26", time: "08:00" },
      basedOn: letter.updatedAt,
      now: back,
    });
    // The announcement of the old moment is not posted: the letter is sealed until the new one.
    expect(announced()).toEqual([]);
    expect(announceOpenedLetters(db, new Date("2026-12-26T12:59:59Z"))).toBe(0);
    expect(announceOpenedLetters(db, new Date("2026-12-26T13:00:00Z"))).toBe(1);
    expect(announceOpenedLetters(db, new Date("2026-12-27T13:00:00Z"))).toBe(0);
    expect(announced().map((event) => event.payload)).toEqual([
      { letterId: letter.id, fromUserId: alex, toUserId: sam, opensAt: "2026-12-26T13:00:00.000Z" },
    ]);
  });

  it("never posts the queued announcement of a letter taken back after the clock was set back past its opening", () => {
    const letter = toSam({ kind: "date", date: "2026-12-24", time: "08:00" });
    expect(announceOpenedLetters(db, new Date("2026-12-24T13:00:00Z"))).toBe(1);
    takeBackLaterLetter(db, { userId: alex, id: letter.id, basedOn: letter.updatedAt, now: written });
    expect(announced()).toEqual([]);
  });
});
