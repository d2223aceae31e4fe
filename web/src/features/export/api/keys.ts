/** "Download our data"'s query keys. */
export const exportKeys = {
  all: ["export"] as const,
  size: () => [...exportKeys.all, "size"] as const,
};
