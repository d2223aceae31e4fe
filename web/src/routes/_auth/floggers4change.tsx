import { createFileRoute } from "@tanstack/react-router";
import { charityTotalQueryOptions } from "@/features/charity/api/getCharityTotal";
import { CharityPage } from "@/features/charity/components/CharityPage";

export const Route = createFileRoute("/_auth/floggers4change")({
  // Started, not awaited: the page shows 'Loading total spanks donated...' itself.
  loader: ({ context: { queryClient, signedIn } }) => {
    void queryClient.prefetchQuery(charityTotalQueryOptions(signedIn.couple.charityName));
  },
  component: CharityRoute,
});

function CharityRoute() {
  const { signedIn } = Route.useRouteContext();
  return <CharityPage charityName={signedIn.couple.charityName} />;
}
