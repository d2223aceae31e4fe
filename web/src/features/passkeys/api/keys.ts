/** Passkeys' query keys (issue 37): the signed-in partner's own passkeys. */
export const passkeyKeys = {
  all: ["passkeys"] as const,
  mine: () => [...passkeyKeys.all, "mine"] as const,
};
