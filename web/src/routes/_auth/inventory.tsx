import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";

export const Route = createFileRoute("/_auth/inventory")({
  component: () => <Page title="Your Inventory" />,
});
