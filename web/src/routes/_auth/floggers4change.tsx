import { createFileRoute } from "@tanstack/react-router";
import { charityTotalQueryOptions } from "@/features/charity/api/getCharityTotal";
import { CharityPage } from "@/features/charity/components/CharityPage";
import { whenSettled } from "@/lib/loaders";

export const Route = createFileRoute("/_auth/floggers4change")({
  loader: ({ context: { queryClient, signedIn } }) =>
    whenSettled(queryClient.ensureQueryData(charityTotalQueryOptions(signedIn.couple.charityName))),
  component: CharityRoute,
});

function CharityRoute() {
  const { signedIn } = Route.useRouteContext();
  return <CharityPage charityName={signedIn.couple.charityName} />;
}
