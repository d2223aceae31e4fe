import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import { httpError } from "../plugins/errors.js";
import type { RelyingParty } from "./challenges.js";

/**
 * The origin a passkey ceremony runs at: the page's own (its Origin header), which must be one of
 * the app's public origins (PUBLIC_URL's, or each loopback spelling of the listen address). The
 * RP ID is its host name; WebAuthn takes a name only (localhost or a domain), never an IP address.
 */
export function relyingPartyOf(request: FastifyRequest, publicOrigins: readonly string[]): RelyingParty {
  const origin = request.headers.origin;
  if (origin === undefined || !publicOrigins.includes(origin)) {
    throw httpError(400, `headers.origin: must be this app's address (${publicOrigins[0]})`);
  }
  const { hostname } = new URL(origin);
  if (isIP(hostname.replace(/^\[|\]$/g, "")) !== 0) {
    throw httpError(
      409,
      `Passkeys work at the app's address by name, not at an IP address: open ${sameAppByName(origin)} and try again.`,
    );
  }
  return { origin, rpID: hostname };
}

/** The loopback address by name (http://localhost:PORT) for a loopback IP, else PUBLIC_URL's own advice. */
function sameAppByName(origin: string): string {
  const url = new URL(origin);
  if (["127.0.0.1", "[::1]"].includes(url.hostname)) {
    url.hostname = "localhost";
    return url.origin;
  }
  return "it by its domain name (set PUBLIC_URL to it)";
}
