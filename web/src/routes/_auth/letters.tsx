import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { laterLettersQueryOptions } from "@/features/laterLetters/api/getLaterLetters";
import { LaterLettersPage } from "@/features/laterLetters/components/LaterLettersPage";
import { whenSettled } from "@/lib/loaders";
import { partnerOf } from "@/lib/partner";

export const Route = createFileRoute("/_auth/letters")({
  loader: ({ context: { queryClient } }) => whenSettled(queryClient.ensureQueryData(laterLettersQueryOptions)),
  pendingComponent: LettersRoute,
  component: LettersRoute,
});

function LettersRoute() {
  const { signedIn } = Route.useRouteContext();
  const me = signedIn.couple.partners.find((partner) => partner.username === signedIn.user.username)!;
  return (
    <Page title="Letters for later">
      <LaterLettersPage me={me} partner={partnerOf(signedIn)} />
    </Page>
  );
}
