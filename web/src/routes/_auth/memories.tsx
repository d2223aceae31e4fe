import { Tabs } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { memoryPageQueryOptions } from "@/features/memories/api/getMemoryPage";
import { trashQueryOptions } from "@/features/memories/api/getTrash";
import { MemoryBoard } from "@/features/memories/components/MemoryBoard";
import { MemoryTrash } from "@/features/memories/components/MemoryTrash";
import { whenSettled } from "@/lib/loaders";
import { oneOf, pageNumber } from "@/lib/searchParams";

/**
 * `?page=3`: back and reload keep the page; no page, or anything but a page number, is page 1.
 * `?view=trash`: the trash of deleted memories, restorable for 30 days (paged the same way).
 */
const boardSearch = (search: Record<string, unknown>): { page?: number; view?: "trash" } => ({
  page: pageNumber(search.page),
  view: oneOf(search.view, ["trash"]),
});

export const Route = createFileRoute("/_auth/memories")({
  validateSearch: boardSearch,
  loaderDeps: ({ search: { page = 1, view } }) => ({ page, view }),
  loader: ({ context: { queryClient }, deps: { page, view } }) =>
    whenSettled(
      view === "trash"
        ? queryClient.ensureQueryData(trashQueryOptions(page))
        : queryClient.ensureQueryData(memoryPageQueryOptions(page)),
    ),
  component: MemoriesRoute,
});

function MemoriesRoute() {
  const { page = 1, view } = Route.useSearch();
  const navigate = Route.useNavigate();
  const toPage = (next: number) => navigate({ search: { page: next, view } });
  return (
    <Page title="Love in Every Memory">
      <Tabs
        value={view ?? "board"}
        onChange={(next) => navigate({ search: { view: next === "trash" ? "trash" : undefined } })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="board">Memories</Tabs.Tab>
          <Tabs.Tab value="trash">Trash</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="board">
          <MemoryBoard page={page} onPage={toPage} />
        </Tabs.Panel>
        <Tabs.Panel value="trash">
          <MemoryTrash page={page} onPage={toPage} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
