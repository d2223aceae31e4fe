import type { PasskeyRegistrationOptions } from "@spankbank/shared/contract/passkeys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { passkeyKeys } from "./keys";

/** The server's options for a new passkey of the signed-in partner (its challenge is kept there). */
function postRegistrationOptions(): Promise<PasskeyRegistrationOptions> {
  return api.post("/api/passkeys/registration-options", undefined, () =>
    import("@spankbank/shared/contract/passkeys").then((c) => c.passkeyRegistrationOptions),
  );
}

/**
 * Adds a passkey: the server's options, the browser's own passkey prompt (SimpleWebAuthn, loaded
 * only now), then the new passkey to the server, which checks it and keeps its public key.
 */
export async function addPasskey(name: string | undefined) {
  const optionsJSON = await postRegistrationOptions();
  const { startRegistration } = await import("@simplewebauthn/browser");
  const credential = await startRegistration({ optionsJSON });
  return api.post("/api/passkeys", { name, credential }, () =>
    import("@spankbank/shared/contract/passkeys").then((c) => c.passkeyAddedReply),
  );
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
