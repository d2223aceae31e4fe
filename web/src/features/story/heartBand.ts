/**
 * The heart's colour band (SPEC: 80+, 60+, 40+, 20+, otherwise grey). Each colour is distinct and
 * has at least 4.5:1 contrast on the white chip it is drawn on, so the number beside it reads.
 */
export const heartBands = [
  { min: 80, name: "adoring", color: "#be123c" },
  { min: 60, name: "warm", color: "#c2410c" },
  { min: 40, name: "hopeful", color: "#8a5a00" },
  { min: 20, name: "wistful", color: "#7e22ce" },
  { min: 0, name: "grey", color: "#57534e" },
] as const;

export type HeartBand = (typeof heartBands)[number];

export function heartBandOf(score: number): HeartBand {
  return heartBands.find((band) => score >= band.min) ?? heartBands[heartBands.length - 1]!;
}
