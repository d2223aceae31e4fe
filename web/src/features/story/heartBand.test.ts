import { describe, expect, it } from "vitest";
import { heartBandOf, heartBands } from "./heartBand";

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe("heart colour bands", () => {
  it("switch at 80, 60, 40 and 20, and are grey below", () => {
    const bandAt = (score: number) => heartBandOf(score).name;
    expect([100, 80, 79, 60, 59, 40, 39, 20, 19, 0].map(bandAt)).toEqual([
      "adoring",
      "adoring",
      "warm",
      "warm",
      "hopeful",
      "hopeful",
      "wistful",
      "wistful",
      "grey",
      "grey",
    ]);
  });

  it("are five distinct colours, each at least 4.5:1 on white", () => {
    expect(new Set(heartBands.map((band) => band.color)).size).toBe(5);
    for (const band of heartBands) expect(contrastOnWhite(band.color), band.name).toBeGreaterThanOrEqual(4.5);
  });
});
