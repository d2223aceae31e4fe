import "./styles/firstScreenStyles";
import "./app.css";
import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { useEffect } from "react";
import { Toasts } from "@/lib/toast";
import { hydratingAt } from "@/lib/view";
import type { AppRouter } from "./router";
import { SessionGate } from "./SessionGate";
import { cssVariablesResolver, theme } from "./theme";

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  // Hydrated: from now on the clocks read the browser's own time.
  useEffect(() => hydratingAt(null), []);
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
