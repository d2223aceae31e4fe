/** The inventory's query keys: a purchase elsewhere refreshes every page under `items()`. */
export const inventoryKeys = {
  all: ["inventory"] as const,
  items: () => [...inventoryKeys.all, "items"] as const,
  itemsPage: (page: number) => [...inventoryKeys.items(), page] as const,
  redeemed: () => [...inventoryKeys.all, "redeemed"] as const,
  redeemedPage: (page: number) => [...inventoryKeys.redeemed(), page] as const,
};
