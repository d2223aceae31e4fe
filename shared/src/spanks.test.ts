import { describe, expect, it } from "vitest";
import { plural, spanks, spanksPrice } from "./spanks.js";

describe("plural", () => {
  it("says one in the singular and every other count in the plural", () => {
    expect([0, 1, 2, 1.5].map(spanks)).toEqual(["0 spanks", "1 spank", "2 spanks", "1.5 spanks"]);
    expect(spanksPrice(1)).toBe("1 Spank");
    expect(spanksPrice(20)).toBe("20 Spanks");
    expect(plural(1, "day", "days")).toBe("1 day");
  });

  it("groups a count of ten years' thousands as English writes it", () => {
    expect(spanks(295100)).toBe("295,100 spanks");
    expect(plural(20000, "memory", "memories")).toBe("20,000 memories");
    expect(spanks(-1200)).toBe("-1,200 spanks");
  });
});
