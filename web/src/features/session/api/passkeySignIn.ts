import type { PasskeySignInOptions } from "@spankbank/shared/contract/passkeys";
import { api } from "@/lib/api";

/** A sign-in challenge from the server; naming a username, only that partner's passkey is taken. */
function postPasskeyOptions(username: string | undefined): Promise<PasskeySignInOptions> {
  return api.post("/api/auth/passkey-options", username ? { username } : {}, () =>
    import("@spankbank/shared/contract/passkeys").then((c) => c.passkeySignInOptions),
  );
}

/**
 * Signs in with a passkey: the server's challenge, the browser's passkey prompt (SimpleWebAuthn,
 * loaded only now), then the signature to the server, which sets the session cookie.
 */
export async function postPasskeySignIn(username: string | undefined) {
  const optionsJSON = await postPasskeyOptions(username);
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const credential = await startAuthentication({ optionsJSON });
  return api.post("/api/auth/passkey", { credential }, () =>
    import("@spankbank/shared/contract/auth").then((c) => c.loginReply),
  );
}
