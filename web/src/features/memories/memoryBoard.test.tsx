import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import {
  failMemoryDeletes,
  failMemoryReads,
  holdMemoryReads,
  seedMemories,
  setMemories,
} from "@/test/handlers/memories";
import { renderApp } from "@/test/renderApp";

afterEach(() => {
  vi.restoreAllMocks();
});

/** The pagination's visible labels in order: page numbers, and "…" for each ellipsis. */
function paginationLabels(): string[] {
  const nav = screen.getByRole("button", { name: "Previous page" }).parentElement!;
  return [...nav.children].map((child) =>
    child.getAttribute("aria-label") === "Previous page"
      ? "<"
      : child.getAttribute("aria-label") === "Next page"
        ? ">"
        : child.tagName === "BUTTON"
          ? child.textContent!
          : "…",
  );
}

async function boardAt(path: string, memories = 60) {
  signInAs("alex");
  seedMemories(memories);
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Love in Every Memory" });
  return app;
}

// Real Mantine pages through user-event on a shared 2-core machine: generous, not timed.
describe("the memory board", { timeout: 30_000 }, () => {
  it("shows 5 memories a page: the quoted message, 'by ' and the name, the locale date", async () => {
    await boardAt("/memories");
    const items = await screen.findAllByRole("article");
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('"Memory 60"')).toBeInTheDocument();
    expect(within(items[0]!).getByText("by Alex")).toBeInTheDocument();
    expect(within(items[0]!).getByText(new Date(Date.UTC(2026, 0, 60, 12)).toLocaleDateString())).toBeInTheDocument();
  });

  it("windows the page numbers on page 1 of 12: 1 2 … 12, previous disabled", async () => {
    await boardAt("/memories");
    await screen.findAllByRole("article");
    expect(paginationLabels()).toEqual(["<", "1", "2", "3", "4", "5", "…", "12", ">"]);
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next page" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  it("windows the page numbers around a middle page (6 of 12): 1 … 5 6 7 … 12", async () => {
    await boardAt("/memories?page=6");
    await screen.findByText('"Memory 35"');
    expect(paginationLabels()).toEqual(["<", "1", "…", "5", "6", "7", "…", "12", ">"]);
  });

  it("windows the last page (12 of 12): 1 … 12, next disabled", async () => {
    await boardAt("/memories?page=12");
    await screen.findByText('"Memory 1"');
    expect(paginationLabels()).toEqual(["<", "1", "…", "8", "9", "10", "11", "12", ">"]);
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
  });

  it("keeps the page in the URL as the partner pages on", async () => {
    const { router, user } = await boardAt("/memories");
    await screen.findAllByRole("article");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText('"Memory 55"');
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it("starts at page 1 for a page that is not a number", async () => {
    const { router } = await boardAt("/memories?page=banana");
    await screen.findByText('"Memory 60"');
    expect(router.state.location.search.page).toBeUndefined();
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });

  it("deletes the selected memories, clears the selection and leaves selection mode", async () => {
    const { user } = await boardAt("/memories", 8);
    await screen.findAllByRole("article");
    await user.click(screen.getByRole("button", { name: "Select memories to delete" }));
    const remove = screen.getByRole("button", { name: "Delete Selected Memories" });
    expect(remove).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: 'Select the memory "Memory 8"' }));
    await user.click(screen.getByRole("checkbox", { name: 'Select the memory "Memory 6"' }));
    expect(remove).toBeEnabled();
    await user.click(remove);
    await user.click(await screen.findByRole("button", { name: "Delete 2 memories" }));

    await waitFor(() => expect(screen.queryByText('"Memory 8"')).not.toBeInTheDocument());
    expect(screen.queryByText('"Memory 6"')).not.toBeInTheDocument();
    expect(screen.getAllByRole("article").map((a) => a.querySelector("p")!.textContent)).toEqual([
      '"Memory 7"',
      '"Memory 5"',
      '"Memory 4"',
      '"Memory 3"',
      '"Memory 2"',
    ]);
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select memories to delete" })).toBeInTheDocument();
  });

  it("Cancel leaves selection mode and clears the selection", async () => {
    const { user } = await boardAt("/memories", 3);
    await screen.findAllByRole("article");
    await user.click(screen.getByRole("button", { name: "Select memories to delete" }));
    await user.click(screen.getByRole("checkbox", { name: 'Select the memory "Memory 3"' }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Select memories to delete" }));
    expect(screen.getByRole("checkbox", { name: 'Select the memory "Memory 3"' })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Delete Selected Memories" })).toBeDisabled();
  });

  it("falls back to the new last page when a delete empties the page it was on", async () => {
    const { router, user } = await boardAt("/memories?page=3", 11);
    await screen.findByText('"Memory 1"');
    await user.click(screen.getByRole("button", { name: "Select memories to delete" }));
    await user.click(screen.getByRole("checkbox", { name: 'Select the memory "Memory 1"' }));
    await user.click(screen.getByRole("button", { name: "Delete Selected Memories" }));
    await user.click(await screen.findByRole("button", { name: "Delete 1 memory" }));

    await screen.findByText('"Memory 6"');
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(screen.getAllByRole("article")).toHaveLength(5);
    expect(screen.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(screen.queryByRole("button", { name: "Page 3" })).not.toBeInTheDocument();
  });

  it("shows 'Failed to delete memories. Please try again later.' where the fetch error shows", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    failMemoryDeletes();
    const { user } = await boardAt("/memories", 3);
    await screen.findAllByRole("article");
    await user.click(screen.getByRole("button", { name: "Select memories to delete" }));
    await user.click(screen.getByRole("checkbox", { name: 'Select the memory "Memory 3"' }));
    await user.click(screen.getByRole("button", { name: "Delete Selected Memories" }));
    await user.click(await screen.findByRole("button", { name: "Delete 1 memory" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to delete memories. Please try again later.");
    expect(screen.getByText('"Memory 3"')).toBeInTheDocument();
  });

  it("plays a voice message and videos in the browser's own controls, each named, with no empty quote", async () => {
    signInAs("alex");
    const file = (id: number, contentType: string) => ({ id, url: `/api/media/${id}?v=${id}.file`, contentType });
    setMemories([
      {
        id: 2,
        message: "",
        username: "sam_r",
        created_at: "2026-05-02T10:00:00.000Z",
        images: [file(7, "audio/ogg")],
      },
      {
        id: 1,
        message: "Our first dance",
        username: "alex_d",
        created_at: "2026-05-01T10:00:00.000Z",
        images: [file(5, "video/mp4"), file(6, "video/webm")],
      },
    ]);
    renderApp("/memories");
    const [voiceMemory, danceMemory] = await screen.findAllByRole("article");
    const voice = within(voiceMemory!).getByLabelText("Voice message");
    expect(voice.tagName).toBe("AUDIO");
    expect(voice).toHaveAttribute("src", "/api/media/7?v=7.file");
    expect(voice).toHaveAttribute("controls");
    expect(voice).toHaveAttribute("preload", "metadata");
    expect(within(voiceMemory!).queryByText('""')).not.toBeInTheDocument();
    const videos = [1, 2].map((n) => within(danceMemory!).getByLabelText(`Video ${n} of 2`));
    expect(videos.map((video) => [video.tagName, video.getAttribute("src")])).toEqual([
      ["VIDEO", "/api/media/5?v=5.file"],
      ["VIDEO", "/api/media/6?v=6.file"],
    ]);
    for (const video of videos) {
      expect(video).toHaveAttribute("controls");
      expect(video).toHaveAttribute("playsinline");
    }
    expect(within(danceMemory!).queryByRole("button", { name: /Open the photo/ })).not.toBeInTheDocument();
  });

  it("names a photo alone by what it holds, on the board's checkbox and in the trash, where its photo shows", async () => {
    signInAs("alex");
    setMemories([
      {
        id: 2,
        message: "",
        username: "sam_r",
        created_at: "2026-05-02T10:00:00.000Z",
        images: [{ id: 9, url: "/api/media/9?v=beach.jpg", contentType: "image/jpeg" }],
      },
      { id: 1, message: "Our first dance", username: "alex_d", created_at: "2026-05-01T10:00:00.000Z" },
    ]);
    const { user } = renderApp("/memories");
    await screen.findAllByRole("article");
    await user.click(screen.getByRole("button", { name: "Select memories to delete" }));
    await user.click(screen.getByRole("checkbox", { name: "Select the memory with a photo" }));
    await user.click(screen.getByRole("button", { name: "Delete Selected Memories" }));
    await user.click(await screen.findByRole("button", { name: "Delete 1 memory" }));
    await user.click(await screen.findByRole("tab", { name: /Trash/ }));
    const restore = await screen.findByRole("button", { name: "Restore the memory with a photo" });
    const trashed = restore.closest("article")!;
    expect(within(trashed).getByRole("img", { name: "A photo posted without words" })).toHaveAttribute(
      "src",
      "/api/media/9?v=beach.jpg",
    );
    expect(within(trashed).queryByText('""')).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch memories. Please try again later.' and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    failMemoryReads();
    await boardAt("/memories");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch memories. Please try again later.");
    expect(log).toHaveBeenCalled();
  });

  it("says 'Loading...' until the memories arrive, then 'No memories yet.' when there are none", async () => {
    const release = holdMemoryReads();
    await boardAt("/memories", 0);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    release();
    await screen.findByText("No memories yet.");
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });
});
