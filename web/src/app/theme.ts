import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** A deep rose: white text on shade 8 has a 7.9:1 contrast, shade 6 text on white 4.9:1. */
const rose: MantineColorsTuple = [
  "#fff0f4",
  "#ffe0e8",
  "#fcc0d0",
  "#f89bb3",
  "#f2769a",
  "#e4557f",
  "#c93a66",
  "#b02e58",
  "#96244b",
  "#7d1b3f",
];

export const theme = createTheme({
  colors: { rose },
  primaryColor: "rose",
  // Lighter shades of a primary colour fail the 4.5:1 text contrast.
  primaryShade: 8,
  defaultRadius: "md",
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif' },
});
