import { Text } from "@mantine/core";
import { Await, createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { TrappedGame } from "@/features/story/components/TrappedGame";
import { partnerOf } from "@/lib/partner";

export const Route = createFileRoute("/_auth/trapped-game")({
  // The story is its own chunk, fetched only when this page opens; the heading shows meanwhile.
  loader: () => ({ story: import("@/features/story/scenes/story").then((module) => module.story) }),
  staleTime: Number.POSITIVE_INFINITY,
  component: TrappedGameRoute,
});

function TrappedGameRoute() {
  const { signedIn } = Route.useRouteContext();
  const { story } = Route.useLoaderData();
  const partner = partnerOf(signedIn);
  return (
    <Page title={`Trapped with ${partner.displayName}`}>
      <Await promise={story} fallback={<Text>Loading...</Text>}>
        {(scenes) => (
          <TrappedGame
            story={scenes}
            names={{ me: signedIn.user.displayName, partner: partner.displayName }}
            username={signedIn.user.username}
          />
        )}
      </Await>
    </Page>
  );
}
