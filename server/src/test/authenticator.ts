import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AddPasskeyBody, PasskeySignInBody } from "@spankbank/shared/contract/passkeys";

/** The registration options' fields a test authenticator reads. */
interface CreateOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}
/** The sign-in options' fields a test authenticator reads. */
interface GetOptions {
  challenge: string;
  rpId: string;
}

interface HeldPasskey {
  id: string;
  rpID: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");
const COSE_EC2 = 2;
const COSE_ES256 = -7;
const COSE_P256 = 1;
/** Authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey authenticator (ES256, "none" attestation), the party on the other side of the
 * network edge: it answers the server's options as a browser with a platform authenticator would.
 */
export class TestAuthenticator {
  private readonly held = new Map<string, HeldPasskey>();

  /** `origin` is the page the browser is on. */
  constructor(private readonly origin: string) {}

  /** The credential ids of the passkeys it holds, oldest first. */
  get heldIds(): string[] {
    return [...this.held.keys()];
  }

  /** The `credential` of `POST /api/passkeys`: a new passkey for the options' user (under `asId`, to replay an id). */
  create(options: CreateOptions, { asId }: { asId?: string } = {}): AddPasskeyBody["credential"] {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, COSE_EC2],
        [3, COSE_ES256],
        [-1, COSE_P256],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const id = asId === undefined ? randomBytes(16) : Buffer.from(asId, "base64url");
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([UP | UV | AT]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      length,
      id,
      cose,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    this.held.set(b64url(id), {
      id: b64url(id),
      rpID: options.rp.id,
      privateKey,
      userHandle: options.user.id,
      counter: 0,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** The `credential` of `POST /api/auth/passkey`: a signature by the held passkey `id` (the first by default). */
  get(options: GetOptions, { id, counter }: { id?: string; counter?: number } = {}): PasskeySignInBody["credential"] {
    const passkey = id === undefined ? [...this.held.values()][0] : this.held.get(id);
    if (!passkey) throw new Error(`this authenticator holds no passkey ${id ?? ""}`);
    passkey.counter = counter ?? passkey.counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(passkey.counter);
    const authenticatorData = Buffer.concat([sha256(options.rpId), Buffer.from([UP | UV]), count]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, "base64url"))]),
      passkey.privateKey,
    );
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: "public-key",
      response: {
        clientDataJSON,
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  /** A passkey this authenticator holds, presented as someone else's (their credential id and user handle). */
  claim(heldId: string, as: { id: string; userHandle: string }): void {
    const passkey = this.held.get(heldId);
    if (!passkey) throw new Error(`this authenticator holds no passkey ${heldId}`);
    this.held.set(as.id, { ...passkey, ...as });
  }

  private clientData(type: string, challenge: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })).toString(
      "base64url",
    );
  }
}
