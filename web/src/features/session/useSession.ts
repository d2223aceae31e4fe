import { useQuery } from "@tanstack/react-query";
import { useRouteContext } from "@tanstack/react-router";
import { sessionQueryOptions } from "./api/getSession";

/** The session for components: re-renders when the signed-in partner changes. */
export function useSession() {
  const { session } = useRouteContext({ from: "__root__" });
  const { data = null } = useQuery(sessionQueryOptions);
  return {
    current: data,
    isLoggedIn: data !== null,
    username: data?.user.username ?? "",
    login: session.login,
    loginWithPasskey: session.loginWithPasskey,
    logout: session.logout,
    logoutEverywhere: session.logoutEverywhere,
  };
}
