import type { ColorSchemeBody } from "@spankbank/shared/contract/colorScheme";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionQueryOptions } from "@/features/session/api/getSession";
import { api } from "@/lib/api";

/** Keeps the partner's colours on the server: the server takes the partner from the session. */
export function putColorScheme(body: ColorSchemeBody) {
  return api.put("/api/color-scheme", body, () =>
    import("@spankbank/shared/contract/colorScheme").then((c) => c.colorSchemeReply),
  );
}

export function useSaveColorScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putColorScheme,
    // The session carries the partner's colours: it says the new ones at once, or the page would
    // follow the old ones back.
    onMutate: ({ colorScheme }) => {
      const before = queryClient.getQueryData(sessionQueryOptions.queryKey)?.colorScheme;
      queryClient.setQueryData(sessionQueryOptions.queryKey, (session) => session && { ...session, colorScheme });
      return { before };
    },
    // Not kept: the session says the colours kept before, and the page follows them back.
    onError: (_error, _body, context) => {
      const before = context?.before;
      if (before)
        queryClient.setQueryData(
          sessionQueryOptions.queryKey,
          (session) => session && { ...session, colorScheme: before },
        );
    },
  });
}
