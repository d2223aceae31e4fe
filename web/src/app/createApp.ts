import type { RouterHistory } from "@tanstack/react-router";
import { createSession } from "@/features/session/session";
import { followOtherTabs } from "@/lib/otherTabs";
import { createAppQueryClient } from "./queryClient";
import { type AppRouter, createAppRouter } from "./router";

/** The query client, the session and the router, wired together (the page and the tests share it). */
export function createApp(history?: RouterHistory) {
  let router: AppRouter | undefined;
  const queryClient = createAppQueryClient(() => {
    session.expire();
    // Re-running the guards sends a signed-out partner to /signin, back here after signing in.
    void router?.invalidate();
  });
  const session = createSession(queryClient);
  router = createAppRouter({ queryClient, session }, history);
  // Another tab signed out or signed a partner in: what this one holds goes, and it loads again.
  followOtherTabs(() => {
    queryClient.clear();
    location.reload();
  });
  return { queryClient, session, router };
}
