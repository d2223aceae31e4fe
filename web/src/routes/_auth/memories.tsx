import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";

export const Route = createFileRoute("/_auth/memories")({
  component: () => <Page title="Love in Every Memory" />,
});
