import "@/app/styles/pageStyles";
import { Outlet } from "@tanstack/react-router";
import { useSession } from "@/features/session/useSession";
import { ExpiryToasts } from "@/features/spank-bank/components/ExpiryToasts";

/** The signed-in pages' outlet: split from the first load, it brings the Mantine styles they use. */
export function SignedInOutlet() {
  const { username } = useSession();
  return (
    <>
      {username && <ExpiryToasts me={username} />}
      <Outlet />
    </>
  );
}
