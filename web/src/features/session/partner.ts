import type { SessionReply } from "@spankbank/shared/contract/auth";

/** The other partner: the spec's `{name}` in "<name>'s Spank Bank" and "Trapped with <name>". */
export function partnerOf({ user, couple }: SessionReply) {
  const [first, second] = couple.partners;
  return first.username === user.username ? second : first;
}
