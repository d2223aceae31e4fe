/** Your day's query keys (issue 22): the signed-in partner's own sleep, work and quiet hours. */
export const myDayKeys = {
  all: ["my-day"] as const,
  current: () => [...myDayKeys.all, "current"] as const,
};
