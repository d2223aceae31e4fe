import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { letterQueryOptions } from "@/features/christmas-letter/api/getLetter";
import { ChristmasLetterPage } from "@/features/christmas-letter/components/ChristmasLetterPage";
import { whenSettled } from "@/lib/loaders";
import { partnerOf } from "@/lib/partner";

export const Route = createFileRoute("/_auth/christmas-letter")({
  loader: ({ context: { queryClient } }) => whenSettled(queryClient.ensureQueryData(letterQueryOptions)),
  component: ChristmasLetterRoute,
});

function ChristmasLetterRoute() {
  const { signedIn } = Route.useRouteContext();
  return (
    <Page title="Christmas Letter">
      <ChristmasLetterPage me={signedIn.user.displayName} partner={partnerOf(signedIn).displayName} />
    </Page>
  );
}
