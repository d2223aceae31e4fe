import { createFileRoute, redirect } from "@tanstack/react-router";
import { SignedInOutlet } from "@/app/layout/SignedInOutlet";

/** Every page but / and /signin: a signed-out visitor goes to /signin and comes back after. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: ({ context, location }) => {
    const signedIn = context.session.current;
    if (!signedIn) throw redirect({ to: "/signin", search: { redirect: location.href } });
    return { signedIn };
  },
  component: SignedInOutlet,
});
