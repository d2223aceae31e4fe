/** The couple's display names, in the story's words: `{me}` plays, `{partner}` is the other one. */
export interface StoryNames {
  me: string;
  partner: string;
}

/** Replaces the story's name tokens with the couple's own display names. */
export function fillNames(text: string, names: StoryNames): string {
  return text.replaceAll("{me}", names.me).replaceAll("{partner}", names.partner);
}
