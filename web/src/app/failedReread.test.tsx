import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setMemories } from "@/test/handlers/memories";
import { aYear, setOurYear } from "@/test/handlers/ourYear";
import { setSearchGroups } from "@/test/handlers/search";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

/**
 * The server restarting (or a dropped connection) as a page reads again what it shows: what was on
 * screen, and anything typed into it, stays; the error line is for a page that never read.
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

describe("a page whose read fails after it was read", { timeout: 30_000 }, () => {
  it("Our year keeps its year", async () => {
    setOurYear(2026, aYear({ days: { together: 13, apart: 168, planned: 9, visits: 3 } }));
    signInAs("alex");
    const app = renderApp("/our-year");
    const summary = await screen.findByText(/^2026 so far: /, {}, { timeout: 20_000 });
    await readAgainFailing(app, "/api/our-year");
    expect(summary).toBeInTheDocument();
    expect(screen.queryByText("Could not load our year. Please try again later.")).not.toBeInTheDocument();
  });

  it("the timeline keeps its year and the open day", async () => {
    setMemories([{ id: 1, message: "Snow day", username: "alex_d", created_at: "2026-01-05T10:00:00.000Z" }]);
    signInAs("alex");
    const app = renderApp("/timeline?date=2026-01-05");
    await screen.findByRole("heading", { level: 2, name: "2026" }, { timeout: 20_000 });
    expect(await screen.findByText("Snow day")).toBeInTheDocument();
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
    expect(await screen.findByText("Our first café", {}, { timeout: 20_000 })).toBeInTheDocument();
    await readAgainFailing(app, "/api/search");
    expect(screen.getByText("Our first café")).toBeInTheDocument();
    expect(screen.queryByText("Failed to search. Please try again.")).not.toBeInTheDocument();
  });

  it("the bounties keep their list", async () => {
    const user = userEvent.setup();
    signInAs("alex");
    const app = renderApp("/spank-bank?tab=bounties");
    const form = await screen.findByRole("form", { name: /^Post a bounty for / }, { timeout: 20_000 });
    await screen.findByText("No bounties yet: post one above.");
    await user.type(within(form).getByRole("textbox", { name: "Task" }), "Send me a voice note of our song");
    await user.click(within(form).getByRole("button", { name: "Post bounty" }));
    const posted = await screen.findByRole("listitem", { name: "Send me a voice note of our song" });
    await readAgainFailing(app, "/api/bounties");
    expect(posted).toBeInTheDocument();
    expect(screen.queryByText("Could not load the bounties. Please reload.")).not.toBeInTheDocument();
  });
});
