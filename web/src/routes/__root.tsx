import { createRootRouteWithContext } from "@tanstack/react-router";
import { AppLayout } from "@/app/layout/AppLayout";
import type { RouterContext } from "@/app/routerContext";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
});
