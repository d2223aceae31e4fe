import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";

export const Route = createFileRoute("/_auth/allquestions")({
  component: () => <Page title="All Q&A" />,
});
