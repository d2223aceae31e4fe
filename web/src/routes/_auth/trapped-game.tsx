import { Text } from "@mantine/core";
import { Await, createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { storyProgressQueryOptions } from "@/features/story/api/storyProgress";
import { TrappedGame } from "@/features/story/components/TrappedGame";
import { partnerOf } from "@/lib/partner";

export const Route = createFileRoute("/_auth/trapped-game")({
  // The story is its own chunk, fetched only when this page opens; the heading shows meanwhile.
  // The saved game (on the server) is read meanwhile, so the page opens at the partner's place: the
  // game waits for it (a failed read plays on from this browser's copy), showing its pending page.
  loader: async ({ context: { queryClient } }) => {
    const story = import("@/features/story/scenes/story").then((module) => module.story);
    await Promise.allSettled([queryClient.ensureQueryData(storyProgressQueryOptions)]);
    return { story };
  },
  staleTime: Number.POSITIVE_INFINITY,
  pendingComponent: TrappedGamePending,
  component: TrappedGameRoute,
});

/** A slow read of the saved game: the heading, and the story's 'Loading...'. */
function TrappedGamePending() {
  const { signedIn } = Route.useRouteContext();
  return (
    <Page title={`Trapped with ${partnerOf(signedIn).displayName}`}>
      <Text>Loading...</Text>
    </Page>
  );
}

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
