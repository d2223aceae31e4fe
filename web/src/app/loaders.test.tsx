import { FAVOURS_PER_PAGE } from "@spankbank/shared/limits";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { charityTotalQueryOptions } from "@/features/charity/api/getCharityTotal";
import { letterQueryOptions } from "@/features/christmas-letter/api/getLetter";
import { quoteOfTheDayQueryOptions } from "@/features/dashboard/api/getQuoteOfTheDay";
import { inventoryQueryOptions } from "@/features/inventory/api/getInventory";
import { redeemedQueryOptions } from "@/features/inventory/api/getRedeemed";
import { latestMemoryQueryOptions } from "@/features/memories/api/getLatestMemory";
import { memoryPageQueryOptions } from "@/features/memories/api/getMemoryPage";
import { onThisDayQueryOptions } from "@/features/memories/api/getOnThisDay";
import { timelineDayQueryOptions } from "@/features/memories/api/getTimelineDay";
import { timelineYearQueryOptions } from "@/features/memories/api/getTimelineYear";
import { trashQueryOptions } from "@/features/memories/api/getTrash";
import { ourYearQueryOptions } from "@/features/our-year/api/getOurYear";
import { latestQuestionQueryOptions } from "@/features/questions/api/getLatestQuestion";
import { questionPageQueryOptions } from "@/features/questions/api/getQuestions";
import { searchQueryOptions } from "@/features/search/api/getSearch";
import { productPageQueryOptions } from "@/features/spank-bank/api/getProducts";
import { spankTotalQueryOptions } from "@/features/spank-bank/api/getSpankTotal";
import { signInAs } from "@/test/handlers/auth";
import { seedMemories } from "@/test/handlers/memories";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

/** Each data page, and the reads its route's loader must have finished before the page renders. */
const firstReads: [path: string, search: Record<string, unknown>, keys: readonly (readonly unknown[])[]][] = [
  [
    "/dashboard",
    {},
    [
      quoteOfTheDayQueryOptions.queryKey,
      latestMemoryQueryOptions.queryKey,
      latestQuestionQueryOptions.queryKey,
      onThisDayQueryOptions.queryKey,
    ],
  ],
  ["/spank-bank", {}, [spankTotalQueryOptions.queryKey, productPageQueryOptions({ shop: true }, 1).queryKey]],
  ["/spank-bank", { tab: "manage", page: 2 }, [productPageQueryOptions({ seller: "alex" }, 2).queryKey]],
  ["/inventory", {}, [inventoryQueryOptions(1).queryKey, redeemedQueryOptions(1).queryKey]],
  ["/inventory", { tab: "redeemed", page: 3 }, [inventoryQueryOptions(1).queryKey, redeemedQueryOptions(3).queryKey]],
  ["/memories", { page: 3 }, [memoryPageQueryOptions(3).queryKey]],
  ["/memories", { page: 2, view: "trash" }, [trashQueryOptions(2).queryKey]],
  ["/allquestions", {}, [questionPageQueryOptions(1, "").queryKey]],
  ["/allquestions", { page: 2, search: "trip" }, [questionPageQueryOptions(2, "trip").queryKey]],
  ["/christmas-letter", {}, [letterQueryOptions.queryKey]],
  ["/search", { q: "trip" }, [searchQueryOptions("trip", undefined, 1).queryKey]],
  ["/search", { q: "trip", kind: "memory", page: 2 }, [searchQueryOptions("trip", "memory", 2).queryKey]],
  ["/floggers4change", {}, [charityTotalQueryOptions("Floggers4Change").queryKey]],
  ["/our-year", {}, [ourYearQueryOptions(undefined).queryKey]],
  ["/our-year", { year: 2025 }, [ourYearQueryOptions(2025).queryKey]],
  ["/timeline", {}, [timelineYearQueryOptions(undefined).queryKey]],
  [
    "/timeline",
    { date: "2026-03-12", page: 2 },
    [timelineYearQueryOptions(2026).queryKey, timelineDayQueryOptions("2026-03-12", 2).queryKey],
  ],
];

describe("route loaders", () => {
  it.each(firstReads)(
    "%s %o: the loader has read what the page shows first before it renders",
    async (path, search, keys) => {
      signInAs("alex");
      seedMemories(20);
      const { router, queryClient } = renderApp("/protected");
      await screen.findByRole("heading", { level: 1, name: "Protected Page" });

      // A preload runs the route's loader and renders nothing: what it read, only the loader asked for.
      // (The table mixes routes, so the route-typed options are cast once here.)
      await router.preloadRoute({ to: path, search } as unknown as Parameters<typeof router.preloadRoute>[0]);

      for (const key of keys) expect(queryClient.getQueryState(key)?.status, JSON.stringify(key)).toBe("success");
      expect(screen.getByRole("heading", { level: 1, name: "Protected Page" })).toBeInTheDocument();
    },
  );
});

describe("a page opened after its loader read its data", () => {
  it("does not read it again when it mounts (each read once)", async () => {
    signInAs("alex");
    seedMemories(20);
    const asked: string[] = [];
    const count = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/api/") && url.pathname !== "/api/auth/session")
        asked.push(url.pathname + url.search);
    };
    server.events.on("request:start", count);
    try {
      const { router } = renderApp("/protected");
      await screen.findByRole("heading", { level: 1, name: "Protected Page" });
      asked.length = 0;
      await router.navigate({ to: "/spank-bank" });
      await screen.findByRole("heading", { level: 2, name: "Available Products" });
      await screen.findByText(/^You have [\d,]+ spanks$/);
      expect(asked.filter((path) => path.startsWith("/api/products"))).toEqual([
        `/api/products?page=1&pageSize=${FAVOURS_PER_PAGE}`,
      ]);
      expect(asked.filter((path) => path.startsWith("/api/spankTotal"))).toHaveLength(1);
    } finally {
      server.events.removeListener("request:start", count);
    }
  });
});
