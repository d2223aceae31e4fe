import { Text } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";

export const Route = createFileRoute("/_auth/protected")({
  component: ProtectedRoute,
});

function ProtectedRoute() {
  return (
    <Page title="Protected Page">
      <Text>This is a protected page. You can only see it because you are logged in.</Text>
    </Page>
  );
}
