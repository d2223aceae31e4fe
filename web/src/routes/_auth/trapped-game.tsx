import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { partnerOf } from "@/features/session/partner";

export const Route = createFileRoute("/_auth/trapped-game")({
  component: TrappedGameRoute,
});

function TrappedGameRoute() {
  const { signedIn } = Route.useRouteContext();
  return <Page title={`Trapped with ${partnerOf(signedIn).displayName}`} />;
}
