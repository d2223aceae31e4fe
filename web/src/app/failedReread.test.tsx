import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setOwed } from "@/test/handlers/inventory";
import { setMemories } from "@/test/handlers/memories";
import { aYear, setOurYear } from "@/test/handlers/ourYear";
import { setSearchGroups } from "@/test/handlers/search";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

/**
 * The server restarting (or a dropped connection) as a page reads again what it shows: what was on
 * screen, and anything typed into it, stays; the error line is for a page that never read. (A write
 * that fails reads its page again: the same path.)
 */
async function readAgainFailing(app: ReturnType<typeof renderApp>, api: string) {
  server.use(
    http.get(api, () =>
      HttpResponse.json({ statusCode: 503, error: "Service Unavailable", message: "Restarting" }, { status: 503 }),
    ),
  );
  await app.queryClient.refetchQueries();
  await waitFor(
    () =>
      expect(app.queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === "error" })).not.toEqual([]),
    { timeout: 8_000 },
  );
}

/** The server down for its restart: `write` is not answered, nor the reads of `read` after it (counted). */
function serverRestarting(read: string, method: "post", write: string): () => number {
  let reads = 0;
  const restarting = () =>
    HttpResponse.json({ statusCode: 503, error: "Service Unavailable", message: "Restarting" }, { status: 503 });
  server.use(
    http[method](write, restarting),
    http.get(read, () => {
      reads += 1;
      return restarting();
    }),
  );
  return () => reads;
}

describe("a page whose read fails after it was read", { timeout: 30_000 }, () => {
  it("Our year keeps its year", async () => {
    setOurYear(2026, aYear({ days: { together: 13, apart: 168, planned: 9, visits: 3 } }));
    signInAs("alex");
    const app = renderApp("/our-year");
    await screen.findByText(/^2026 so far: /, {}, { timeout: 20_000 });
    await readAgainFailing(app, "/api/our-year");
    // Asked again, not the node found first: the page may have drawn its line anew meanwhile.
    expect(screen.getByText(/^2026 so far: /)).toBeInTheDocument();
    expect(screen.queryByText("Could not load our year. Please try again later.")).not.toBeInTheDocument();
  });

  it("the timeline keeps its year and the open day", async () => {
    setMemories([{ id: 1, message: "Snow day", username: "alex_d", created_at: "2026-01-05T10:00:00.000Z" }]);
    signInAs("alex");
    const app = renderApp("/timeline?date=2026-01-05");
    await screen.findByRole("heading", { level: 2, name: "2026" }, { timeout: 20_000 });
    await screen.findByText("Snow day");
    await readAgainFailing(app, "/api/timeline*");
    expect(screen.getByRole("heading", { level: 2, name: "2026" })).toBeInTheDocument();
    expect(screen.getByText("Snow day")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("search keeps what it found", async () => {
    setSearchGroups([
      {
        kind: "memory",
        total: 1,
        more: false,
        page: 1,
        pageCount: 1,
        results: [
          {
            kind: "memory",
            id: 12,
            username: "alex_d",
            created_at: "2026-01-02T12:00:00.000Z",
            board_page: 1,
            excerpt: [{ text: "Our first café", match: false }],
          },
        ],
      },
    ]);
    signInAs("alex");
    const app = renderApp("/search?q=caf");
    await screen.findByText("Our first café", {}, { timeout: 20_000 });
    await readAgainFailing(app, "/api/search");
    expect(screen.getByText("Our first café")).toBeInTheDocument();
    expect(screen.queryByText("Failed to search. Please try again.")).not.toBeInTheDocument();
  });

  it("a bounty keeps the note typed on it when Mark done fails and the re-read fails too", async () => {
    const user = userEvent.setup();
    signInAs("alex");
    renderApp("/spank-bank?tab=bounties");
    const form = await screen.findByRole("form", { name: /^Post a bounty for / }, { timeout: 20_000 });
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Plant the tulips");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    await screen.findByRole("listitem", { name: "Plant the tulips" });
    cleanup();

    signInAs("sam");
    renderApp("/spank-bank?tab=bounties");
    const card = await screen.findByRole("listitem", { name: "Plant the tulips" }, { timeout: 20_000 });
    await user.type(within(card).getByRole("textbox", { name: "How it went" }), "All twelve in a row by the gate");
    const reads = serverRestarting("/api/bounties", "post", "/api/bounties/:id/done");
    await user.click(within(card).getByRole("button", { name: "Mark done" }));
    await waitFor(() => expect(reads()).toBe(3), { timeout: 8_000 });
    expect(screen.queryByText("Could not load the bounties. Please reload.")).not.toBeInTheDocument();
    const still = screen.getByRole("listitem", { name: "Plant the tulips" });
    expect(within(still).getByRole("textbox", { name: "How it went" })).toHaveValue("All twelve in a row by the gate");
  });

  it("Decline keeps its reason when the decline fails and reading what is owed again fails too", async () => {
    setOwed({
      owed: [
        {
          id: 9,
          name: "Video call",
          description: "At sunrise.",
          price: 40,
          note: null,
          wished_at: null,
          redeemed_at: "2026-11-23T20:00:00.000Z",
          username: "sam",
        },
      ],
      escrowTotal: 40,
    });
    signInAs("alex");
    const { user } = renderApp("/spank-bank?tab=manage");
    const heading = await screen.findByRole("heading", { level: 3, name: "Sam is waiting for:" }, { timeout: 20_000 });
    const owed = heading.closest<HTMLElement>(".mantine-Paper-root")!;
    await user.click(within(owed).getByRole("button", { name: "Decline Video call" }));
    const modal = await screen.findByRole("dialog", { name: 'Decline "Video call"?' });
    const reason = "I'm on nights all that week, can we pick another day?";
    await user.type(within(modal).getByLabelText("Reason"), reason);
    const reads = serverRestarting("/api/owed", "post", "/api/decline-redeem");
    await user.click(within(modal).getByRole("button", { name: "Decline and refund" }));
    await waitFor(() => expect(reads()).toBe(3), { timeout: 8_000 });
    const still = screen.getByRole("dialog", { name: 'Decline "Video call"?' });
    expect(within(still).getByLabelText("Reason")).toHaveValue(reason);
  });
});
