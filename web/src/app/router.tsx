import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { stopReturningFocus } from "@/lib/returnFocus";
import { routeTree } from "@/routeTree.gen";
import { ErrorPage } from "./ErrorPage";
import { NotFoundPage } from "./NotFoundPage";
import type { RouterContext } from "./routerContext";

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    // The query cache decides freshness, not the router.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    scrollRestoration: true,
  });
  // An action's focus return belongs to its page: on another page it would move the keyboard unasked.
  router.subscribe("onBeforeNavigate", ({ pathChanged }) => {
    if (pathChanged) stopReturningFocus();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
