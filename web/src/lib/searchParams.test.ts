import { describe, expect, it } from "vitest";
import { oneOf, pageNumber, text } from "./searchParams";

describe("search-param readers", () => {
  it("reads a page number from a number or its text, and anything else as absent", () => {
    expect(pageNumber(3)).toBe(3);
    expect(pageNumber("4")).toBe(4);
    for (const bad of [undefined, null, 0, -1, 1.5, "", "abc", "2x"]) expect(pageNumber(bad)).toBeUndefined();
  });

  it("reads a text up to its limit, and a longer text or a non-text as absent", () => {
    expect(text("kiss", 200)).toBe("kiss");
    expect(text("a".repeat(200), 200)).toHaveLength(200);
    expect(text("a".repeat(201), 200)).toBeUndefined();
    expect(text(123, 200)).toBeUndefined();
  });

  it("reads only one of the given words", () => {
    expect(oneOf("manage", ["shop", "manage"])).toBe("manage");
    expect(oneOf("admin", ["shop", "manage"])).toBeUndefined();
    expect(oneOf(undefined, ["shop", "manage"])).toBeUndefined();
  });
});
