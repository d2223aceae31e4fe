import type { QueryClient } from "@tanstack/react-query";
import type { Session } from "@/features/session/session";

/** What every route's beforeLoad and loader can reach. */
export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
}
