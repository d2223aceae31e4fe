import { createMemoryHistory } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App } from "@/app/App";
import { createApp } from "@/app/createApp";

/** The real app (router, route tree, session, providers) at `path`, in memory. */
export function renderApp(path: string) {
  const { router, queryClient } = createApp(createMemoryHistory({ initialEntries: [path] }));
  const user = userEvent.setup();
  const { unmount } = render(<App router={router} queryClient={queryClient} />);
  return { router, queryClient, user, unmount };
}
