import type { BotContext } from "./context.js";

interface Work {
  /** Handlers and catch-ups running now: a stop waits for them. */
  running: Set<Promise<unknown>>;
  /** Messages being saved as memories now, with how many handlers save each. */
  saving: Map<string, number>;
  /** Messages deleted on Discord that a handler may still be saving. */
  deleted: Set<string>;
  /** Aborted when the bot stops: waits (a catch-up's backoff) end at once. */
  stop: AbortController;
}

const works = new WeakMap<BotContext, Work>();

function workOf(context: BotContext): Work {
  let work = works.get(context);
  if (!work) {
    work = { running: new Set(), saving: new Map(), deleted: new Set(), stop: new AbortController() };
    works.set(context, work);
  }
  return work;
}

/** Whether the bot is stopping: no new work starts (what it did not read is read at the next start). */
export function isStopping(context: BotContext): boolean {
  return workOf(context).stop.signal.aborted;
}

/** Aborted when the bot stops. */
export function stopSignal(context: BotContext): AbortSignal {
  return workOf(context).stop.signal;
}

/** Runs `work` as part of what a stop waits for. */
export function track<T>(context: BotContext, work: Promise<T>): Promise<T> {
  const { running } = workOf(context);
  running.add(work);
  const forget = () => running.delete(work);
  work.then(forget, forget);
  return work;
}

/**
 * Stops new work and waits for the work in progress, at most `timeoutMs`. Returns how many
 * were still running (their messages are not marked handled, so the next start reads them again).
 */
export async function drain(context: BotContext, timeoutMs: number): Promise<number> {
  const work = workOf(context);
  work.stop.abort();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  // Work may start more work (a handler's catch-up): wait until none is left.
  while (work.running.size > 0) {
    const settled = await Promise.race([
      Promise.allSettled([...work.running]).then(() => true),
      timeout.then(() => false),
    ]);
    if (!settled) break;
  }
  clearTimeout(timer);
  return work.running.size;
}

/** Marks a message as being saved, until the returned `done` is called. */
export function startSaving(context: BotContext, messageId: string): () => void {
  const { saving, deleted } = workOf(context);
  saving.set(messageId, (saving.get(messageId) ?? 0) + 1);
  return () => {
    const left = (saving.get(messageId) ?? 1) - 1;
    if (left > 0) return void saving.set(messageId, left);
    saving.delete(messageId);
    deleted.delete(messageId);
  };
}

/** A message was deleted on Discord: one still being saved must not become a memory. */
export function noteDeleted(context: BotContext, messageId: string): void {
  const { saving, deleted } = workOf(context);
  if (!saving.has(messageId)) return;
  deleted.add(messageId);
}

/** Whether the message was deleted on Discord while it was being saved. */
export function wasDeleted(context: BotContext, messageId: string): boolean {
  return workOf(context).deleted.has(messageId);
}
