import type { SessionReply } from "@spankbank/shared/contract/auth";

/** The other partner: the spec's `{name}` in "<name>'s Spank Bank" and "Trapped with <name>". */
export function partnerOf({ user, couple }: SessionReply) {
  const [first, second] = couple.partners;
  return first.username === user.username ? second : first;
}

/**
 * The name a person goes by on screen ("Alex"), from any of their names: the login name
 * ("alex", on products, inventory and redeemed items) or the Discord name ("alex_d", on memories
 * and answers), matched without case. A name of neither partner is shown as it came.
 */
export function displayNameOf(couple: SessionReply["couple"] | undefined, name: string): string {
  const wanted = name.toLowerCase();
  const partner = couple?.partners.find(
    (p) => p.username.toLowerCase() === wanted || p.responseName.toLowerCase() === wanted,
  );
  return partner?.displayName ?? name;
}

/** The partner who answered as `responseName` (their Discord name, matched without case); else the other partner. */
export function partnerByResponseName(
  session: SessionReply,
  partners: SessionReply["couple"]["partners"],
  responseName: string,
) {
  const wanted = responseName.toLowerCase();
  return partners.find((p) => p.responseName.toLowerCase() === wanted) ?? partnerOf(session);
}
