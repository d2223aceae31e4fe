/** The backups' query keys. */
export const backupKeys = {
  all: ["backups"] as const,
  health: () => [...backupKeys.all, "health"] as const,
};
