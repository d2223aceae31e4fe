import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { Page } from "@/components/Page";
import { MemoryBoard } from "@/features/memories/components/MemoryBoard";

/** `?page=3`: back and reload keep the page; no page, or anything but a page number, is page 1. */
const boardSearch = z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) });

export const Route = createFileRoute("/_auth/memories")({
  validateSearch: boardSearch,
  component: MemoriesRoute,
});

function MemoriesRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="Love in Every Memory">
      <MemoryBoard page={page} onPage={(next) => navigate({ search: { page: next } })} />
    </Page>
  );
}
