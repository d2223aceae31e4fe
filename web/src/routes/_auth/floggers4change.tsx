import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";

export const Route = createFileRoute("/_auth/floggers4change")({
  component: CharityRoute,
});

function CharityRoute() {
  const { signedIn } = Route.useRouteContext();
  return <Page title={signedIn.couple.charityName} />;
}
