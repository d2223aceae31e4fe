/** The story game's query keys: each partner's saved game, kept on the server. */
export const storyKeys = {
  all: ["story"] as const,
  progress: () => [...storyKeys.all, "progress"] as const,
};
