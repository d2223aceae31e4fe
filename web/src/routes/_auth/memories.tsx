import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { Page } from "@/components/Page";
import { MemoryBoard } from "@/features/memories/components/MemoryBoard";

/** `?page=3`: back and reload keep the page; anything else starts at page 1. */
const boardSearch = z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) });

export const Route = createFileRoute("/_auth/memories")({
  validateSearch: boardSearch,
  component: MemoriesRoute,
});

function MemoriesRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="Love in Every Memory">
      <MemoryBoard page={page} onPage={(next) => navigate({ search: { page: next } })} />
    </Page>
  );
}
