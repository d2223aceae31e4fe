import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON } from "@simplewebauthn/server/helpers";
import { userById } from "@spankbank/db/couple";
import { recordLoginFailure } from "@spankbank/db/loginThrottle";
import {
  addPasskey,
  markPasskeyUsed,
  type PasskeySummary,
  passkeyByCredentialId,
  passkeyCredentialsOf,
  passkeysOf,
  passkeyUserHandleOf,
  removePasskey,
} from "@spankbank/db/passkeys";
import { loginRefusal, loginReply, sessionUserOf } from "@spankbank/shared/contract/auth";
import { idParams } from "@spankbank/shared/contract/common";
import {
  addPasskeyBody,
  PASSKEY_TRANSPORTS,
  passkeyAddedReply,
  passkeyRegistrationOptions,
  passkeySignInBody,
  passkeySignInOptions,
  passkeySignInOptionsBody,
  passkeysReply,
} from "@spankbank/shared/contract/passkeys";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Ceremony, PasskeyChallenges } from "../passkeys/challenges.js";
import { relyingPartyOf } from "../passkeys/relyingParty.js";
import { oncePerRequest } from "../plugins/busy.js";
import { httpError } from "../plugins/errors.js";
import { signedInUser } from "../plugins/session.js";
import {
  holdWhileLimited,
  loginAttemptOf,
  refuseSignIn,
  signInClientOf,
  signInNotSaved,
  startSession,
} from "../signIn/sessionStart.js";

/** What the authenticators show as the site's name. */
const RP_NAME = "Spank Bank";
/**
 * The throttle's name for a sign-in that names no partner (no username can be spelled so): a passkey
 * no partner has, or a challenge expired, used or pushed out, which guesses at no one's account.
 */
const UNKNOWN_PASSKEY = "(unknown passkey)";
const NOT_SIGNED_IN = "That passkey did not sign you in.";
const EXPIRED = "This passkey sign-in expired or was already used. Try again.";

const wire = (passkey: PasskeySummary) => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt,
  last_used_at: passkey.lastUsedAt,
});

const knownTransports = (transports: readonly string[] | undefined) =>
  (transports ?? []).filter((t): t is (typeof PASSKEY_TRANSPORTS)[number] =>
    (PASSKEY_TRANSPORTS as readonly string[]).includes(t),
  );

/**
 * Passkeys (issue 37): a partner adds them to their own account (the partner from the session,
 * never the body), lists and removes them, and signs in with one through the password's limits.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ https: boolean; publicOrigins: readonly string[] }> = async (
  app,
  { https, publicOrigins },
) => {
  const { db, now } = app.ctx;
  const partnerOf = <T extends { username: string }>(user: T | undefined): T | undefined =>
    user && app.ctx.config.partners.some((partner) => partner.username === user.username) ? user : undefined;
  const challenges = new PasskeyChallenges(now);

  /**
   * The challenge a browser's answer signed, and the ceremony it was issued for (used up now, if
   * any): once per request, as its run again would find the challenge used up.
   */
  const ceremonyOf = (request: FastifyRequest, clientDataJSON: string) =>
    oncePerRequest(request, "ceremony", () => takeCeremony(clientDataJSON));
  const takeCeremony = (clientDataJSON: string): { challenge: string; ceremony: Ceremony | undefined } => {
    let challenge: unknown;
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge;
    } catch {}
    if (typeof challenge !== "string") {
      throw httpError(400, "body.credential.response.clientDataJSON: must be the browser's client data");
    }
    return { challenge, ceremony: challenges.take(challenge) };
  };

  app.get("/passkeys", { schema: { response: { 200: passkeysReply } } }, async (request) => ({
    passkeys: passkeysOf(db, signedInUser(request).id).map(wire),
  }));

  app.post(
    "/passkeys/registration-options",
    { config: { bodyless: true }, schema: { response: { 200: passkeyRegistrationOptions } } },
    async (request) => {
      const user = signedInUser(request);
      const relyingParty = relyingPartyOf(request, publicOrigins);
      const userHandle = passkeyUserHandleOf(db, user.id) ?? randomBytes(32).toString("base64url");
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: relyingParty.rpID,
        userName: user.username,
        userDisplayName: user.displayName,
        userID: Buffer.from(userHandle, "base64url"),
        attestationType: "none",
        excludeCredentials: passkeyCredentialsOf(db, user.id).map(({ credentialId, transports }) => ({
          id: credentialId,
          transports: knownTransports(transports),
        })),
        // A passkey the browser can offer without a username, unlocked by the partner's face, finger or PIN.
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      challenges.issue(
        options.challenge,
        { kind: "registration", userId: user.id, userHandle, ...relyingParty },
        `partner:${user.id}`,
      );
      return passkeyRegistrationOptions.parse(options);
    },
  );

  app.post(
    "/passkeys",
    { schema: { body: addPasskeyBody, response: { 201: passkeyAddedReply } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const { name, credential } = request.body;
      const { challenge, ceremony } = ceremonyOf(request, credential.response.clientDataJSON);
      // A challenge given to the other partner (or for a sign-in) adds nothing to this account.
      if (ceremony?.kind !== "registration" || ceremony.userId !== user.id) {
        throw httpError(400, "body.credential: this passkey request expired or was already used. Add it again.");
      }
      const verified = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: ceremony.origin,
        expectedRPID: ceremony.rpID,
        requireUserVerification: true,
      }).catch((error: Error) => {
        throw httpError(400, `body.credential: ${error.message}`);
      });
      if (!verified.verified) throw httpError(400, "body.credential: the passkey could not be verified");
      const { credential: made } = verified.registrationInfo;
      const passkey = addPasskey(
        db,
        {
          userId: user.id,
          credentialId: made.id,
          publicKey: made.publicKey,
          counter: made.counter,
          userHandle: ceremony.userHandle,
          transports: knownTransports(credential.response.transports),
          name,
        },
        now(),
      );
      return reply.code(201).send({ passkey: wire(passkey) });
    },
  );

  app.delete("/passkeys/:id", { schema: { params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    removePasskey(db, signedInUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });

  app.post(
    "/auth/passkey-options",
    { config: { public: true }, schema: { body: passkeySignInOptionsBody, response: { 200: passkeySignInOptions } } },
    async (request) => {
      const relyingParty = relyingPartyOf(request, publicOrigins);
      // No list of credentials: the browser offers the passkeys it holds for this site, and a
      // username typed or not says nothing about which passkeys exist.
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.rpID,
        userVerification: "required",
      });
      challenges.issue(
        options.challenge,
        { kind: "sign-in", username: request.body.username, ...relyingParty },
        signInClientOf(request).client,
      );
      return passkeySignInOptions.parse(options);
    },
  );

  app.post(
    "/auth/passkey",
    {
      config: { public: true },
      schema: { body: passkeySignInBody, response: { 200: loginReply, 401: loginRefusal } },
    },
    async (request, reply) => {
      const { credential } = request.body;
      const { challenge, ceremony } = ceremonyOf(request, credential.response.clientDataJSON);
      const passkey = passkeyByCredentialId(db, credential.id);
      // A partner removed from couple.config.json keeps their row and passkeys, and signs in no more.
      const owner = passkey ? partnerOf(userById(db, passkey.userId)) : undefined;
      const named = ceremony?.kind === "sign-in" ? ceremony.username : undefined;
      // The limits count the name signed in to, as the password's do; a partner's own passkey
      // answering a challenge gone (expired, or pushed out by a stranger's flood) is no guess at it.
      const attempt = loginAttemptOf(
        request,
        ceremony?.kind === "sign-in" ? (named ?? owner?.username ?? UNKNOWN_PASSKEY) : UNKNOWN_PASSKEY,
      );
      // Counted once: a run again is neither counted twice nor held by its own count.
      oncePerRequest(request, "counted", () => {
        holdWhileLimited(request, reply, attempt);
        try {
          recordLoginFailure(db, attempt, now());
        } catch (error) {
          throw signInNotSaved(error);
        }
      });
      if (ceremony?.kind !== "sign-in") return refuseSignIn(request, reply, attempt, EXPIRED);
      if (!passkey || !owner) return refuseSignIn(request, reply, attempt, NOT_SIGNED_IN);
      if (named !== undefined && named !== owner.username) {
        return refuseSignIn(request, reply, attempt, `That passkey is not ${named}'s.`);
      }
      const handle = credential.response.userHandle;
      if (handle !== undefined && handle !== passkey.userHandle) {
        return refuseSignIn(request, reply, attempt, NOT_SIGNED_IN);
      }
      const verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: ceremony.origin,
        expectedRPID: ceremony.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }).catch((error: Error) => {
        request.log.info({ err: error }, "a passkey sign-in did not verify");
        return undefined;
      });
      if (!verified?.verified) return refuseSignIn(request, reply, attempt, NOT_SIGNED_IN);
      const counter = verified.authenticationInfo.newCounter;
      startSession(request, reply, {
        user: owner,
        attempt,
        https,
        alsoInTransaction: () => markPasskeyUsed(db, passkey.id, counter, now()),
      });
      return { user: sessionUserOf(owner) };
    },
  );
};
