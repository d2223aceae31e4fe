import { Center, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { sessionQueryOptions } from "@/features/session/api/getSession";
import { ErrorScreen } from "./ErrorPage";

/** Spec: on startup the app first verifies the session and shows 'Loading...' until that finishes. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { data, isPending, isError, error, refetch } = useQuery(sessionQueryOptions);
  if (isPending) {
    return (
      <Center component="main" mih="100dvh">
        <Text role="status">Loading...</Text>
      </Center>
    );
  }
  // A session kept from the last visit whose check could not reach the server (a connection that
  // says online but is not) still stands: the page shows what was kept. A 401 signs out elsewhere.
  if (isError && data === undefined) {
    return (
      <main>
        <ErrorScreen error={error} onRetry={() => void refetch()} />
      </main>
    );
  }
  return children;
}
