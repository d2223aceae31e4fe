import {
  type CSSVariablesResolver,
  createTheme,
  DrawerHeader,
  type MantineColorsTuple,
  type MantineTheme,
  ModalHeader,
} from "@mantine/core";
import { createElement } from "react";

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

/**
 * The dark scheme's greys, warmed towards the rose: Mantine reads text (0), dimmed text (2), borders
 * (4), inputs and cards (6) and the page (7) from them. Text 0 on the page is 13:1, dimmed 2 on a
 * card 6:1.
 */
const dark: MantineColorsTuple = [
  "#f3eaec",
  "#d9cccf",
  "#bcaeb2",
  "#94858a",
  "#65565b",
  "#4a3d42",
  "#3a2f33",
  "#2c2226",
  "#231b1e",
  "#1b1417",
];

/**
 * Mantine renders a modal's and a drawer's title bar as `<header>`: a second banner landmark
 * beside the page's own (axe: landmark-no-duplicate-banner, landmark-unique). Inside a dialog it
 * is only a row holding the title and the close button, so it renders as a plain `<div>`.
 */
const titleBarAsDiv = { renderRoot: (props: Record<string, unknown>) => createElement("div", props) };

export const theme = createTheme({
  colors: { rose, dark },
  primaryColor: "rose",
  // Lighter shades of a primary colour fail the 4.5:1 text contrast.
  primaryShade: 8,
  defaultRadius: "md",
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif' },
  components: {
    ModalHeader: ModalHeader.extend({ defaultProps: titleBarAsDiv }),
    DrawerHeader: DrawerHeader.extend({ defaultProps: titleBarAsDiv }),
  },
});

/**
 * Field errors and required marks use `--mantine-color-error`, red 6 by default: #fa5252 on white
 * is 3.28:1, under the 4.5:1 text needs. Red 9 (#c92a2a) is 5.4:1. Text in a colour (`c="rose"`,
 * `c="red"`, and an outline's) is its `-text` (`-outline`) variable: the deep shades in light, pale
 * ones on dark cards (red 4 and rose 3 on a card are 5.5:1 and 6.3:1; Mantine's dark error, red 8,
 * is 2.9:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (_theme: MantineTheme) => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-red-text": "var(--mantine-color-red-9)",
    "--mantine-color-red-outline": "var(--mantine-color-red-9)",
  },
  dark: {
    "--mantine-color-error": "var(--mantine-color-red-4)",
    "--mantine-color-red-text": "var(--mantine-color-red-4)",
    "--mantine-color-rose-text": "var(--mantine-color-rose-3)",
    // Light and subtle rose (the menu's buttons, price badges) in pale pink, as the menu's links, not white.
    "--mantine-color-rose-light-color": "var(--mantine-color-rose-2)",
    "--mantine-color-anchor": "var(--mantine-color-rose-3)",
  },
});
