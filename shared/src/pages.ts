/** The spec's pages, in drawer order. Labels with a partner's name are filled in per couple. */
export interface PageEntry {
  readonly path: string;
  /** The drawer label; `partnerName` is the other partner's display name. */
  readonly menuLabel: (names: { partnerName: string; charityName: string }) => string;
}

export const drawerPages: readonly PageEntry[] = [
  { path: "/memories", menuLabel: () => "Memory Board" },
  // Added by issue 37: the memories by day, beside the board.
  { path: "/timeline", menuLabel: () => "Timeline" },
  { path: "/spank-bank", menuLabel: ({ partnerName }) => `${partnerName}'s Spank Bank` },
  { path: "/inventory", menuLabel: () => "Inventory" },
  { path: "/floggers4change", menuLabel: ({ charityName }) => charityName },
  { path: "/trapped-game", menuLabel: ({ partnerName }) => `Trapped with ${partnerName}` },
  { path: "/christmas-letter", menuLabel: () => "Christmas Letter" },
  { path: "/letters", menuLabel: () => "Letters for later" },
  { path: "/allquestions", menuLabel: () => "Q & A" },
  // Added by issue 22 (the next visit), after the spec's entries.
  { path: "/together", menuLabel: () => "Until we're together" },
  // Added by issue 37 (our year, in pictures).
  { path: "/our-year", menuLabel: () => "Our year" },
];

/** Every route of the spec's table (section 2), for the server's history fallback tests and e2e. */
export const specRoutes = [
  "/",
  "/signin",
  "/dashboard",
  "/protected",
  "/memories",
  "/spank-bank",
  "/inventory",
  "/floggers4change",
  "/trapped-game",
  "/christmas-letter",
  "/letters",
  "/allquestions",
  // Not in the spec's table: issue 22's visit page, held to the same checks.
  "/together",
  // Issue 37's year in pictures, held to the same checks.
  "/our-year",
  // Not in the spec's table: issue 37's timeline.
  "/timeline",
] as const;

/**
 * A list page's `?page=`: an integer of 1 or more, also from its text ("3"); anything else is
 * absent. The web's routes read it, and the server with it names the page of data to preload.
 */
export function pageNumber(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/** The search's kinds (`/search`, `/memory search`), each a group of results, by the name it is shown under. */
export const searchKindNames = {
  memory: "Memories",
  answer: "Answers",
  later_letter: "Letters for later",
  letter: "Christmas letters",
  favour: "Favours",
} as const;
