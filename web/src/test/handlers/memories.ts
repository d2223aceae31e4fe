import type { Memory, OnThisDay, TrashedMemory } from "@spankbank/shared/contract/memories";
import type { TimelineDay } from "@spankbank/shared/contract/timeline";
import { MEMORIES_PER_PAGE, MEMORY_TRASH_DAYS, TIMELINE_DAY_PER_PAGE } from "@spankbank/shared/limits";
import { HttpResponse, http } from "msw";
import { failure } from "./auth";

/** The fake memory board: newest first, like the server. */
const state = {
  memories: [] as Memory[],
  /** Deleted memories, most recently deleted first (the server's trash). */
  trash: [] as TrashedMemory[],
  onThisDay: { date: "2026-11-22", memories: [], answers: [] } as OnThisDay,
  /** Today on the couple's calendar, which the fake server keeps in UTC. */
  today: "2026-11-22",
  failReads: false,
  failDeletes: false,
  /** Reads wait for this before answering (to see 'Loading...'). */
  gate: null as Promise<void> | null,
};

/** `n` memories, "Memory n" newest, one a day. */
export function seedMemories(n: number): Memory[] {
  state.memories = Array.from({ length: n }, (_, i) => ({
    id: n - i,
    message: `Memory ${n - i}`,
    username: i % 2 === 0 ? "alex_d" : "sam_r",
    created_at: new Date(Date.UTC(2026, 0, n - i, 12)).toISOString(),
  }));
  return state.memories;
}
export const setMemories = (memories: Memory[]) => {
  state.memories = memories;
};
export const setOnThisDay = (onThisDay: OnThisDay) => {
  state.onThisDay = onThisDay;
};
export const failMemoryReads = () => {
  state.failReads = true;
};
export const failMemoryDeletes = () => {
  state.failDeletes = true;
};
/** Holds every memory read until the returned function is called. */
export function holdMemoryReads(): () => void {
  let release = () => {};
  state.gate = new Promise((resolve) => {
    release = resolve;
  });
  return release;
}
export function resetMemories(): void {
  state.memories = [];
  state.trash = [];
  state.onThisDay = { date: "2026-11-22", memories: [], answers: [] };
  state.today = "2026-11-22";
  state.failReads = false;
  state.failDeletes = false;
  state.gate = null;
}

const serverError = () => failure(500, "Internal Server Error", "boom");

/** The board's memories of one day (UTC), oldest first, each with its board page (the board is newest first). */
function memoriesOfDay(date: string) {
  return state.memories
    .map((memory, index) => ({ ...memory, board_page: Math.floor(index / MEMORIES_PER_PAGE) + 1 }))
    .filter((memory) => memory.created_at.startsWith(date))
    .reverse();
}

export const memoryHandlers = [
  http.get("/api/memory", async () => {
    await state.gate;
    return state.failReads ? serverError() : HttpResponse.json(state.memories[0] ?? null);
  }),
  http.get("/api/memories", async ({ request }) => {
    await state.gate;
    if (state.failReads) return serverError();
    const url = new URL(request.url);
    const pageSize = Number(url.searchParams.get("pageSize") ?? 5);
    const total = state.memories.length;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(Number(url.searchParams.get("page") ?? 1), pageCount);
    const memories = state.memories.slice((page - 1) * pageSize, page * pageSize);
    return HttpResponse.json({ memories, page, pageCount, total });
  }),
  http.get("/api/memories/on-this-day", async () => {
    await state.gate;
    return state.failReads ? serverError() : HttpResponse.json(state.onThisDay);
  }),
  http.get("/api/timeline", async ({ request }) => {
    await state.gate;
    if (state.failReads) return serverError();
    const asked = new URL(request.url).searchParams.get("year");
    const year = asked === null ? Number(state.today.slice(0, 4)) : Number(asked);
    if (!Number.isInteger(year) || year < 2000 || year > 2099)
      return failure(400, "Bad Request", "querystring/year must be a year from 2000 to 2099");
    const counts = new Map<string, number>();
    for (const memory of state.memories) {
      const date = memory.created_at.slice(0, 10);
      if (date.startsWith(`${year}-`)) counts.set(date, (counts.get(date) ?? 0) + 1);
    }
    const days: TimelineDay[] = [...counts].sort().map(([date, count]) => ({ date, count }));
    const oldest = state.memories.at(-1)?.created_at.slice(0, 4) ?? state.today.slice(0, 4);
    return HttpResponse.json({
      year,
      today: state.today,
      first_year: Math.min(Number(oldest), year),
      total: days.reduce((sum, day) => sum + day.count, 0),
      days,
    });
  }),
  http.get("/api/timeline/day", async ({ request }) => {
    await state.gate;
    if (state.failReads) return serverError();
    const query = new URL(request.url).searchParams;
    const date = query.get("date") ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
      return failure(400, "Bad Request", "querystring/date must be a calendar date");
    const all = memoriesOfDay(date);
    const pageCount = Math.max(1, Math.ceil(all.length / TIMELINE_DAY_PER_PAGE));
    const page = Math.min(Number(query.get("page") ?? 1), pageCount);
    const memories = all.slice((page - 1) * TIMELINE_DAY_PER_PAGE, page * TIMELINE_DAY_PER_PAGE);
    return HttpResponse.json({ date, memories, page, pageCount, total: all.length });
  }),
  http.post("/api/memories/delete", async ({ request }) => {
    if (state.failDeletes) return serverError();
    const { ids, page, pageSize = 5 } = (await request.json()) as { ids: number[]; page?: number; pageSize?: number };
    const deletedAt = new Date();
    const purgeAt = new Date(deletedAt.getTime() + MEMORY_TRASH_DAYS * 86_400_000);
    const deleted = state.memories.filter((memory) => ids.includes(memory.id));
    state.trash = [
      ...deleted.map((memory) => ({ ...memory, deleted_at: deletedAt.toISOString(), purge_at: purgeAt.toISOString() })),
      ...state.trash,
    ];
    state.memories = state.memories.filter((memory) => !ids.includes(memory.id));
    if (page === undefined) return HttpResponse.json(state.memories);
    // With a page: that page of the board, clamped to the new last page (as the server answers).
    const total = state.memories.length;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const shown = Math.min(page, pageCount);
    const memories = state.memories.slice((shown - 1) * pageSize, shown * pageSize);
    return HttpResponse.json({ memories, page: shown, pageCount, total });
  }),
  http.get("/api/memories/trash", async ({ request }) => {
    await state.gate;
    if (state.failReads) return serverError();
    const url = new URL(request.url);
    const pageSize = Number(url.searchParams.get("pageSize") ?? 5);
    const total = state.trash.length;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(Number(url.searchParams.get("page") ?? 1), pageCount);
    return HttpResponse.json({
      memories: state.trash.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageCount,
      total,
    });
  }),
  http.post("/api/memories/restore", async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    // All or none, as the server: an id not in the trash restores nothing.
    if (!ids.every((id) => state.trash.some((memory) => memory.id === id))) {
      return failure(404, "Not Found", "Memory not in the trash");
    }
    const restored = state.trash.filter((memory) => ids.includes(memory.id));
    state.trash = state.trash.filter((memory) => !ids.includes(memory.id));
    state.memories = [...state.memories, ...restored.map(({ deleted_at, purge_at, ...memory }) => memory)].sort(
      (a, b) => b.created_at.localeCompare(a.created_at),
    );
    return HttpResponse.json({ restored: restored.length });
  }),
];
