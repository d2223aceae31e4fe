import { QueryClient } from "@tanstack/react-query";
import { get } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { dashboardKeys } from "@/features/dashboard/api/keys";
import { memoryKeys } from "@/features/memories/api/keys";
import { sessionKeys } from "@/features/session/api/keys";
import { forgetKeptCache, restoreKeptCache } from "@/lib/keptCache";
import { withFakeIndexedDb } from "@/test/fakeIndexedDb";

const KEPT = "spankbank:query-cache";
withFakeIndexedDb();

/** The next task: the cache keeps what changed in the task after its reads settle. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("what this device keeps", () => {
  it("keeps nothing of a partner who signs out while an earlier write of the cache is still going on", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.current(), { user: { username: "alex" } });
    await restoreKeptCache(queryClient);
    // A read settles and its write is under way when the page is left a moment (pagehide): the
    // cache is kept again, and that write waits for the first to finish.
    queryClient.setQueryData(memoryKeys.page(1), ["Sunrise at the beach"]);
    await nextTask();
    dispatchEvent(new Event("pagehide"));

    // Alex signs out; the page changes nothing more before it goes.
    await forgetKeptCache();
    for (let i = 0; i < 20; i++) await nextTask();

    expect(await get(KEPT)).toBeUndefined();
  });

  it("goes on keeping what changes after a sign-out", async () => {
    const queryClient = new QueryClient();
    await restoreKeptCache(queryClient);
    await forgetKeptCache();
    await new Promise((resolve) => setTimeout(resolve, 5));
    queryClient.setQueryData(sessionKeys.current(), null);
    queryClient.setQueryData(dashboardKeys.quoteOfTheDay(), "And hand in hand, on the edge of the sand");
    await expect.poll(async () => String(await get(KEPT))).toContain("hand in hand");
  });
});
