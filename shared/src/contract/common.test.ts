import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { text } from "./common.js";

const line = text(60);
const paragraph = text(300, { multiline: true });
const controlCharacter = fc.oneof(
  fc.integer({ min: 0x00, max: 0x1f }).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  fc.integer({ min: 0x7f, max: 0x9f }),
);
const invisible = fc.constantFrom(
  " ",
  "\t",
  "\u00a0",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u200e",
  "\u202e",
  "\u2066",
  "\ufeff",
);

describe("text fields", () => {
  test.prop([fc.string(), controlCharacter, fc.string()])(
    "refuse any C0 or C1 control character, NUL included, one-line or not",
    (before, code, after) => {
      const value = `x${before}${String.fromCharCode(code)}${after}`;
      expect(line.safeParse(value).success).toBe(false);
      expect(paragraph.safeParse(value).success).toBe(false);
    },
  );

  it("refuse a trailing control character that trimming would drop (vertical tab, form feed)", () => {
    for (const value of ["x\u000b", "x\u000c", "\u000bx"]) {
      expect(line.safeParse(value).success).toBe(false);
      expect(paragraph.safeParse(value).success).toBe(false);
    }
  });

  test.prop([fc.array(invisible, { minLength: 1, maxLength: 20 })])(
    "refuse text that is only whitespace, zero-width or bidi characters",
    (characters) => {
      const result = paragraph.safeParse(characters.join(""));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("must not be empty");
    },
  );

  it("refuse a right-to-left override or isolate inside visible text", () => {
    for (const value of ["\u202e?ekil", "pay \u2067100\u2069 now"]) {
      expect(paragraph.safeParse(value).error?.issues[0]?.message).toBe(
        "must not contain right-to-left or other direction overrides",
      );
    }
  });

  it("refuse half of a surrogate pair, and keep a whole emoji", () => {
    for (const value of ["x\ud800", "\udfffx", "a \ud83d b"]) {
      expect(line.safeParse(value).error?.issues[0]?.message).toBe("must not contain broken characters");
      expect(paragraph.safeParse(value).success).toBe(false);
    }
    expect(line.parse("us \ud83d\ude00")).toBe("us 😀");
  });

  it("take line breaks only where the field is multi-line", () => {
    for (const lines of ["two\nlines", "two\u2028lines", "two\u2029paragraphs"]) {
      expect(line.safeParse(lines).error?.issues[0]?.message).toBe("must be one line without control characters");
      expect(paragraph.safeParse(lines).success).toBe(true);
    }
    expect(paragraph.parse("  two\r\nlines\tand a tab  ")).toBe("two\r\nlines\tand a tab");
  });

  it("keep ordinary text, emoji and accents, trimmed", () => {
    expect(line.parse("  Café au lait ❤️ for Sam  ")).toBe("Café au lait ❤️ for Sam");
  });
});
