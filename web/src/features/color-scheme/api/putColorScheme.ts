import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { ColorSchemeBody } from "@spankbank/shared/contract/colorScheme";
import type { ColorSchemeSetting } from "@spankbank/shared/limits";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "@/features/session/api/keys";
import { api } from "@/lib/api";

/** Keeps the partner's colours on the server: the server takes the partner from the session. */
export function putColorScheme(body: ColorSchemeBody) {
  return api.put("/api/color-scheme", body, () =>
    import("@spankbank/shared/contract/colorScheme").then((c) => c.colorSchemeReply),
  );
}

export function useSaveColorScheme() {
  const queryClient = useQueryClient();
  const sessionSays = (colorScheme: ColorSchemeSetting) =>
    queryClient.setQueryData<SessionReply | null>(
      sessionKeys.current(),
      (session) => session && { ...session, colorScheme },
    );
  return useMutation({
    mutationFn: putColorScheme,
    // The session carries the partner's colours: it says the new ones at once, or the page would
    // follow the old ones back.
    onMutate: ({ colorScheme }) => {
      const before = queryClient.getQueryData<SessionReply | null>(sessionKeys.current())?.colorScheme;
      sessionSays(colorScheme);
      return { before };
    },
    // Not kept: the session says the colours kept before, and the page follows them back.
    onError: (_error, _body, context) => {
      if (context?.before) sessionSays(context.before);
    },
  });
}
