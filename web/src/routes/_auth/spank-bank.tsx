import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { partnerOf } from "@/features/session/partner";

export const Route = createFileRoute("/_auth/spank-bank")({
  component: SpankBankRoute,
});

function SpankBankRoute() {
  const { signedIn } = Route.useRouteContext();
  return <Page title={`${partnerOf(signedIn).displayName}'s Spank Bank`} />;
}
