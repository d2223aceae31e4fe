/** The inventory's query keys: a purchase elsewhere refreshes `items()`. */
export const inventoryKeys = {
  all: ["inventory"] as const,
  items: () => [...inventoryKeys.all, "items"] as const,
  redeemed: () => [...inventoryKeys.all, "redeemed"] as const,
};
