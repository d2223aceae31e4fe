/** Our year's query keys: one per year asked (`undefined`: this year, as the server counts it). */
export const ourYearKeys = {
  all: ["our-year"] as const,
  year: (year: number | undefined) => [...ourYearKeys.all, { year }] as const,
};
