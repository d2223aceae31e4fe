import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { passkeyKeys } from "./keys";

/** Removes one of your passkeys: it signs in no more (the password still does). */
export function removePasskey(id: number) {
  return api.delete(`/api/passkeys/${id}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => toast.success("Passkey removed."),
    onError: (error) => toast.error(`Could not remove the passkey: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
