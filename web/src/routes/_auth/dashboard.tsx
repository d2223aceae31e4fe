import { Text } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { partnerOf } from "@/features/session/partner";

export const Route = createFileRoute("/_auth/dashboard")({
  component: DashboardRoute,
});

function DashboardRoute() {
  const { signedIn } = Route.useRouteContext();
  return (
    <Page title={`Hello, ${signedIn.user.displayName}`}>
      <Text size="lg">{`Everything you and ${partnerOf(signedIn).displayName} share, all in one place.`}</Text>
    </Page>
  );
}
