import { Text } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { partnerOf } from "@/features/session/partner";
import { TrappedGame } from "@/features/story/components/TrappedGame";

export const Route = createFileRoute("/_auth/trapped-game")({
  // The story is its own chunk, fetched only when this page opens.
  loader: async () => (await import("@/features/story/scenes/story")).story,
  staleTime: Number.POSITIVE_INFINITY,
  pendingComponent: () => <Text>Loading...</Text>,
  component: TrappedGameRoute,
});

function TrappedGameRoute() {
  const { signedIn } = Route.useRouteContext();
  const story = Route.useLoaderData();
  const partner = partnerOf(signedIn);
  return (
    <Page title={`Trapped with ${partner.displayName}`}>
      <TrappedGame
        story={story}
        names={{ me: signedIn.user.displayName, partner: partner.displayName }}
        username={signedIn.user.username}
      />
    </Page>
  );
}
