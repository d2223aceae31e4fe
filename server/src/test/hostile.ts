import { fc } from "@fast-check/vitest";
import type { Db } from "@spankbank/db/client";

/** The seed every hostile-input property runs with: fixed in CI, printed, replayable. */
export const HOSTILE_SEED = Number(process.env.SPANKBANK_FUZZ_SEED ?? 20261122);

/** Path ids a strict parser must refuse (and a few it must accept, to reach the handlers). */
export const BAD_IDS = ["0x1", "1e0", "%201", "01", "-1", "9999999999999999999", "0", "1.5", "abc", "%00", "NaN", ""];

const HUGE_STRINGS = ["x".repeat(70_000), "😀".repeat(20_000), "\u0000".repeat(10), "\u0000x", "a\u202ebc", "\u200b"];

const CONTROL = ["\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\u0085", "\u009f", "\u2028", "\u202e", "\u200b"];

/** Strings from everywhere: control characters (often first), lone surrogates, emoji, zero-width, huge. */
export const hostileString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 60 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(...CONTROL),
        fc.string({ unit: fc.constantFrom(...CONTROL, "\ud800", "a", " "), maxLength: 20 }),
      )
      .map(([first, rest]) => first + rest),
    weight: 3,
  },
  { arbitrary: fc.constantFrom(...HUGE_STRINGS, "", " ", "__proto__", "constructor", "alex", "sam"), weight: 2 },
);

/** Numbers a whole-number field must survive: negative, fractional, huge, beyond safe integers. */
export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 1e308, 2 ** 31, 2 ** 53 + 2, 2 ** 63, Number.MAX_SAFE_INTEGER),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(hostileString, tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** Each field's plausible values: mixed with hostile ones, so the handlers behind validation are reached too. */
export type Fields = Record<string, fc.Arbitrary<unknown>>;

/** Half plausible (so the rest of the body passes and the handler runs), half hostile. */
function hostileField(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostileInstead(valid), weight: 3 });
}

/** A hostile value, mostly of the field's own type: a text field gets strange text, a number strange numbers. */
function hostileInstead(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const [example] = fc.sample(valid, { numRuns: 1, seed: 0 });
  const ownType = typeof example === "string" ? hostileString : hostileNumber;
  return fc.oneof({ arbitrary: ownType, weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

/** `{"__proto__": …, "constructor": …, …rest}` as raw JSON: an object literal could not carry them as own keys. */
function withPrototypeKeys(rest: string): string {
  const inner = rest.slice(1, -1);
  return `{"__proto__":{"statusCode":500,"id":1},"constructor":{"prototype":{"polluted":true}}${inner ? `,${inner}` : ""}}`;
}

/** A request body as raw text: near-valid, extra keys, prototype keys, other types, malformed, oversized. */
export function hostileBody(fields: Fields): fc.Arbitrary<string> {
  const record = fc.record(
    Object.fromEntries(Object.entries(fields).map(([key, valid]) => [key, hostileField(valid)])),
    { requiredKeys: [] },
  );
  const keys = Object.keys(fields);
  // All plausible but one field: the handler behind validation sees exactly one hostile value.
  const oneHostile =
    keys.length === 0
      ? fc.constant({})
      : fc
          .constantFrom(...keys)
          .chain((hostileKey) =>
            fc.record(
              Object.fromEntries(
                keys.map((key) => [key, key === hostileKey ? hostileInstead(fields[key]!) : fields[key]!]),
              ),
            ),
          );
  return fc.oneof(
    { arbitrary: oneHostile.map((body) => JSON.stringify(body)), weight: 6 },
    { arbitrary: record.map((body) => JSON.stringify(body)), weight: 3 },
    {
      arbitrary: fc
        .tuple(record, fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }))
        .map(([body, extra]) => JSON.stringify({ ...extra, ...body })),
      weight: 2,
    },
    { arbitrary: record.map((body) => withPrototypeKeys(JSON.stringify(body))), weight: 2 },
    { arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? "null"), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        "{",
        '{"a":',
        "nul",
        '{"x": 1,}',
        "\u0000",
        "[",
        '"open',
        "{}{}",
        `{"name":"${"x".repeat(70 * 1024)}"}`,
      ),
      weight: 1,
    },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  );
}

/** A query string from the route's known keys and random ones. */
export function hostileQuery(fields: Fields): fc.Arbitrary<string> {
  const known = fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([key, valid]) => [key, fc.oneof(valid, hostileString, hostileNumber)]),
    ),
    { requiredKeys: [] },
  );
  return fc
    .tuple(known, fc.dictionary(hostileString, hostileString, { maxKeys: 2 }), fc.boolean())
    .map(([values, extra, repeated]) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...extra, ...values })) {
        query.append(key, String(value));
        if (repeated) query.append(key, String(value));
      }
      const text = query.toString();
      return text ? `?${text}` : "";
    });
}

/**
 * Every row of every table, in order: equal before and after means the request wrote nothing.
 * `login_failures` is left out: a failed sign-in is counted there on purpose.
 */
export function databaseSnapshot(db: Db): Record<string, unknown[]> {
  const tables = db.$client
    // Plain tables only: a search index (FTS5, its shadow tables) holds nothing its table does not.
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT IN ('login_failures') ORDER BY name",
    )
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      db.$client
        .prepare(
          `SELECT * FROM "${name}" ${name === "sqlite_sequence" ? "WHERE name <> 'login_failures'" : ""} ORDER BY rowid`,
        )
        .all(),
    ]),
  );
}
