import { z } from "zod";
import { PASSKEY_NAME_MAX } from "../limits.js";
import { isoDate, text } from "./common.js";

/** Bytes as WebAuthn's JSON carries them: base64url without padding. */
const base64url = (max: number) =>
  z
    .string()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, "must be base64url");

/** How a browser reaches an authenticator; unknown future ones are kept out of what is stored. */
export const PASSKEY_TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
const transport = z.enum(PASSKEY_TRANSPORTS);
const userVerification = z.enum(["required", "preferred", "discouraged"]);

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.literal("public-key"),
  transports: z.array(transport).optional(),
});

/** What the browser passes to `navigator.credentials.create()` (SimpleWebAuthn's options JSON). */
export const passkeyRegistrationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.int(), type: z.literal("public-key") })),
  timeout: z.int(),
  attestation: z.literal("none"),
  excludeCredentials: z.array(credentialDescriptor),
  authenticatorSelection: z.object({
    residentKey: z.enum(["required", "preferred", "discouraged"]),
    requireResidentKey: z.boolean(),
    userVerification,
  }),
  extensions: z.object({ credProps: z.boolean() }),
  hints: z.array(z.enum(["security-key", "client-device", "hybrid"])),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptions>;

/** What the browser passes to `navigator.credentials.get()`: any passkey of this site may answer. */
export const passkeySignInOptions = z.object({
  rpId: z.string(),
  challenge: z.string(),
  timeout: z.int(),
  userVerification,
});
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptions>;

const credentialBase = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
};

/** A new passkey as the browser answers `create()` (the registration response JSON). */
export const passkeyRegistrationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** A passkey's signature as the browser answers `get()` (the authentication response JSON). */
export const passkeySignInCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
});

/** `POST /api/passkeys`: the signed-in partner adds the passkey their browser just made, with an optional name. */
export const addPasskeyBody = z.strictObject({
  name: text(PASSKEY_NAME_MAX).optional(),
  credential: passkeyRegistrationCredential,
});
export type AddPasskeyBody = z.input<typeof addPasskeyBody>;

/**
 * `POST /api/auth/passkey-options`: optionally the username being signed in to; then only that
 * partner's passkey signs in with this ceremony.
 */
export const passkeySignInOptionsBody = z.strictObject({
  username: z.string().min(1, "must not be empty").max(64).optional(),
});
export type PasskeySignInOptionsBody = z.input<typeof passkeySignInOptionsBody>;

/** `POST /api/auth/passkey`: the passkey's signature; success signs in as the password does. */
export const passkeySignInBody = z.strictObject({ credential: passkeySignInCredential });
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

/** A passkey in the partner's list: its name and dates, never its key. */
export const passkeySummary = z.object({
  id: z.int(),
  name: z.string(),
  created_at: isoDate,
  last_used_at: isoDate.nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const passkeysReply = z.object({ passkeys: z.array(passkeySummary) });
export type PasskeysReply = z.infer<typeof passkeysReply>;
export const passkeyAddedReply = z.object({ passkey: passkeySummary });
