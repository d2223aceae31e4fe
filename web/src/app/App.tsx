import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@spankbank/shared/limits";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import type { AppRouter } from "./router";
import { SessionGate } from "./SessionGate";
import { theme } from "./theme";

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
