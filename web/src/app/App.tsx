import "./styles/firstScreenStyles";
import "./app.css";
import "./touch.css";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { COLOR_SCHEME_STORAGE_KEY } from "@spankbank/shared/limits";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Toasts } from "@/lib/toast";
import type { AppRouter } from "./router";
import { SessionGate } from "./SessionGate";
import { cssVariablesResolver, theme } from "./theme";

/** The colours this browser last showed, under the key web/first-paint/color-scheme.js reads before the first paint. */
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
