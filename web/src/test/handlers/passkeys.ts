import {
  addPasskeyBody,
  type PasskeyRegistrationOptions,
  type PasskeySignInOptions,
  type PasskeySummary,
  passkeySignInBody,
  passkeySignInOptionsBody,
} from "@spankbank/shared/contract/passkeys";
import { HttpResponse, http } from "msw";
import { failure, signedInUsername } from "./auth";

/** Each partner's passkeys as the fake server keeps them (no keys: the fake verifies nothing). */
const state = { passkeys: new Map<string, PasskeySummary[]>(), nextId: 1 };

/** `username` has these passkeys, named, added on the given days. */
export function setPasskeys(username: string, passkeys: { name: string; created_at: string }[]): void {
  state.passkeys.set(
    username,
    passkeys.map((passkey) => ({ id: state.nextId++, last_used_at: null, ...passkey })),
  );
}
export function resetPasskeys(): void {
  state.passkeys.clear();
  state.nextId = 1;
}

const mine = (username: string) => state.passkeys.get(username) ?? [];

export const passkeyHandlers = [
  http.get("/api/passkeys", () => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    return HttpResponse.json({ passkeys: mine(me) });
  }),
  http.post("/api/passkeys/registration-options", () => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    const options: PasskeyRegistrationOptions = {
      challenge: "Y2hhbGxlbmdl",
      rp: { name: "Spank Bank", id: "localhost" },
      user: { id: "dXNlcg", name: me, displayName: me },
      pubKeyCredParams: [{ alg: -7, type: "public-key" }],
      timeout: 60_000,
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
      extensions: { credProps: true },
      hints: [],
    };
    return HttpResponse.json(options);
  }),
  http.post("/api/passkeys", async ({ request }) => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    const parsed = addPasskeyBody.safeParse(await request.json());
    if (!parsed.success) return failure(400, "Bad Request", `body: ${parsed.error.issues[0]!.message}`);
    const passkey: PasskeySummary = {
      id: state.nextId++,
      name: parsed.data.name ?? `Passkey ${mine(me).length + 1}`,
      created_at: new Date().toISOString(),
      last_used_at: null,
    };
    state.passkeys.set(me, [passkey, ...mine(me)]);
    return HttpResponse.json({ passkey }, { status: 201 });
  }),
  http.delete("/api/passkeys/:id", ({ params }) => {
    const me = signedInUsername();
    if (!me) return failure(401, "Unauthorized", "Sign in first");
    const kept = mine(me).filter((passkey) => passkey.id !== Number(params.id));
    if (kept.length === mine(me).length) return failure(404, "Not Found", "No such passkey.");
    state.passkeys.set(me, kept);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post("/api/auth/passkey-options", async ({ request }) => {
    const parsed = passkeySignInOptionsBody.safeParse(await request.json());
    if (!parsed.success) return failure(400, "Bad Request", `body: ${parsed.error.issues[0]!.message}`);
    const options: PasskeySignInOptions = {
      rpId: "localhost",
      challenge: "Y2hhbGxlbmdl",
      timeout: 60_000,
      userVerification: "required",
    };
    return HttpResponse.json(options);
  }),
  // The fake holds no keys, so no signature passes: a passkey's sign-in is tested end to end in e2e/passkeys.spec.ts.
  http.post("/api/auth/passkey", async ({ request }) => {
    const parsed = passkeySignInBody.safeParse(await request.json());
    if (!parsed.success) return failure(400, "Bad Request", `body: ${parsed.error.issues[0]!.message}`);
    return HttpResponse.json(
      { statusCode: 401, error: "Unauthorized", message: "That passkey did not sign you in.", triesLeft: 4 },
      { status: 401 },
    );
  }),
];
