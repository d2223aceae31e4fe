import "./styles/firstScreenStyles";
import "./app.css";
import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Toasts } from "@/lib/toast";
import type { AppRouter } from "./router";
import { SessionGate } from "./SessionGate";
import { cssVariablesResolver, theme } from "./theme";

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
