import { PASSKEY_CHALLENGE_TTL_MS, PASSKEY_CHALLENGES_WAITING_MAX } from "@spankbank/shared/limits";

/** Where a passkey ceremony was started: the page's origin and the RP ID the authenticator signs for. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

/** A passkey ceremony under way: what its challenge was issued for. */
export type Ceremony = RelyingParty &
  (
    | { kind: "registration"; userId: number; userHandle: string }
    /** `username`: the partner being signed in to, when the page named one; any partner's passkey otherwise. */
    | { kind: "sign-in"; username: string | undefined }
  );

/**
 * The challenges of the passkey ceremonies under way, kept here on the server (one server per
 * database): each answers once, within a few minutes, for the kind of ceremony it was issued for.
 */
export class PasskeyChallenges {
  private readonly waiting = new Map<string, { ceremony: Ceremony; client: string; expiresAt: number }>();

  constructor(private readonly now: () => Date) {}

  /** `client`: who started it (a partner, a known browser, an address group), whose flood pushes out its own. */
  issue(challenge: string, ceremony: Ceremony, client: string): void {
    const now = this.now().getTime();
    for (const [key, entry] of this.waiting) if (entry.expiresAt <= now) this.waiting.delete(key);
    // Anyone may start a sign-in: a flood of them never grows the map, and pushes out the oldest
    // of whoever holds the most, so a stranger's flood from one address pushes out only its own.
    while (this.waiting.size >= PASSKEY_CHALLENGES_WAITING_MAX) {
      const held = new Map<string, number>();
      for (const entry of this.waiting.values()) held.set(entry.client, (held.get(entry.client) ?? 0) + 1);
      const most = Math.max(...held.values());
      for (const [key, entry] of this.waiting) {
        if (held.get(entry.client) === most) {
          this.waiting.delete(key);
          break;
        }
      }
    }
    this.waiting.set(challenge, { ceremony, client, expiresAt: now + PASSKEY_CHALLENGE_TTL_MS });
  }

  /** The ceremony this challenge was issued for, used up now; undefined when unknown, used or expired. */
  take(challenge: string): Ceremony | undefined {
    const entry = this.waiting.get(challenge);
    if (entry === undefined) return undefined;
    this.waiting.delete(challenge);
    return entry.expiresAt > this.now().getTime() ? entry.ceremony : undefined;
  }
}
