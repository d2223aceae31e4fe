import { POST_LOGIN_PATH } from "@spankbank/shared/limits";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { WelcomePage } from "@/features/landing/components/WelcomePage";

// Reading B of the spec: signed in, / is the dashboard's address; signed out, the welcome page.
export const Route = createFileRoute("/")({
  beforeLoad: ({ context }) => {
    if (context.session.isLoggedIn) throw redirect({ to: POST_LOGIN_PATH });
  },
  component: WelcomePage,
});
