/** The bounties' query key: the one list, refreshed by every change. */
export const bountyKeys = {
  all: ["bounties"] as const,
};
