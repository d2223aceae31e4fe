import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setExpiredFavours } from "@/test/handlers/inventory";
import { holdMemoryReads } from "@/test/handlers/memories";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

const TOLD_SAM = '"Sunrise call" expired unused: your 15 spanks came back to you.';

describe("the expired-favour toast", { timeout: 30_000 }, () => {
  it("is shown once while the dashboard's loading view gives way to the loaded one before the server has the mark", async () => {
    setExpiredFavours([
      {
        id: 41,
        name: "Sunrise call",
        price: 15,
        expired_at: "2026-11-25T07:00:00.000Z",
        buyer: "sam",
        seller: "alex",
        noticed: false,
      },
    ]);
    // The mark of who was told is slow to arrive (a busy server, a slow phone connection).
    let markArrives = () => {};
    const marked = new Promise<void>((resolve) => {
      markArrives = resolve;
    });
    server.use(
      http.post("/api/expired-favours/noticed", async () => {
        await marked;
        return HttpResponse.json({ noticed: 1 });
      }),
    );
    // The dashboard's loader waits for the latest memory: its loading view shows meanwhile.
    const releaseMemories = holdMemoryReads();
    signInAs("sam");
    renderApp("/dashboard");
    // The toast's library loads with the first toast: on a busy machine that takes a while.
    await screen.findByText(TOLD_SAM, {}, { timeout: 20_000 });

    releaseMemories();
    await waitFor(() =>
      expect(within(screen.getByRole("region", { name: "Memory Board" })).queryByText("Loading...")).toBeNull(),
    );
    // The loaded view has read the expired favours (from the cache) and had its chance to toast.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getAllByText(TOLD_SAM)).toHaveLength(1);
    markArrives();
  });
});
