import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { MemoryBoard } from "@/features/memories/components/MemoryBoard";
import { pageNumber } from "@/lib/searchParams";

/** `?page=3`: back and reload keep the page; no page, or anything but a page number, is page 1. */
const boardSearch = (search: Record<string, unknown>): { page?: number } => ({ page: pageNumber(search.page) });

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
