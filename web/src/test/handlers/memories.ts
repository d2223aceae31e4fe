import type { Memory, OnThisDay, TrashedMemory } from "@spankbank/shared/contract/memories";
import { MEMORY_TRASH_DAYS } from "@spankbank/shared/limits";
import { HttpResponse, http } from "msw";
import { failure } from "./auth";

/** The fake memory board: newest first, like the server. */
const state = {
  memories: [] as Memory[],
  /** Deleted memories, most recently deleted first (the server's trash). */
  trash: [] as TrashedMemory[],
  onThisDay: { date: "2026-11-22", memories: [], answers: [] } as OnThisDay,
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
  state.failReads = false;
  state.failDeletes = false;
  state.gate = null;
}

const serverError = () => failure(500, "Internal Server Error", "boom");

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
