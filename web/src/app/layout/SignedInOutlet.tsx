import "@/app/styles/pageStyles";
import { Outlet } from "@tanstack/react-router";
import { FollowPartnerColors } from "../FollowPartnerColors";

/**
 * The signed-in pages' outlet: split from the first load, it brings the Mantine styles they use,
 * and the partner's own colours (only a signed-in page has a partner to follow).
 */
export function SignedInOutlet() {
  return (
    <>
      <FollowPartnerColors />
      <Outlet />
    </>
  );
}
