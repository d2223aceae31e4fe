import "@/app/styles/pageStyles";
import { Outlet } from "@tanstack/react-router";

/** The signed-in pages' outlet: split from the first load, it brings the Mantine styles they use. */
export function SignedInOutlet() {
  return <Outlet />;
}
