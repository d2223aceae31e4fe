import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";

export const Route = createFileRoute("/_auth/christmas-letter")({
  component: () => <Page title="Christmas Letter" />,
});
