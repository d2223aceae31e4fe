import { POST_LOGIN_PATH } from "@spankbank/shared/limits";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { SignInPage } from "@/features/session/components/SignInPage";
import { safeRedirect } from "@/features/session/redirect";

export const Route = createFileRoute("/signin")({
  // An unsafe value must be overwritten, not left out: the router keeps search params it was not given.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  beforeLoad: ({ context }) => {
    if (context.session.isLoggedIn) throw redirect({ to: POST_LOGIN_PATH });
  },
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect: redirectTo } = Route.useSearch();
  return <SignInPage redirectTo={redirectTo} />;
}
