import type { SessionReply } from "@spankbank/shared/contract/auth";
import type { ColorSchemeBody } from "@spankbank/shared/contract/colorScheme";
import type { ColorSchemeSetting } from "@spankbank/shared/limits";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
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
  // Which pick is the latest: a quick Dark then Light sends two saves, and only the last one speaks.
  const latestPick = useRef(0);
  return useMutation({
    mutationFn: putColorScheme,
    // The session carries the partner's colours: it says the new ones at once, or the page would
    // follow the old ones back.
    onMutate: ({ colorScheme }) => {
      const before = queryClient.getQueryData<SessionReply | null>(sessionKeys.current())?.colorScheme;
      sessionSays(colorScheme);
      latestPick.current += 1;
      return { before, pick: latestPick.current };
    },
    // Not kept: the session says the colours kept before, and the page follows them back. An
    // earlier pick failing after a later one was made changes nothing: the later one is the choice.
    onError: (_error, _body, context) => {
      if (context?.pick !== latestPick.current) return;
      if (context.before) sessionSays(context.before);
      // What the server keeps: an earlier pick's save may have failed too, or gone through.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
}
