import { BOT_DELETIONS_REMEMBERED } from "@spankbank/shared/limits";
import type { BotContext } from "./context.js";

interface Work {
  /** Handlers and catch-ups running now: a stop waits for them. */
  running: Set<Promise<unknown>>;
  /** The latest messages deleted on Discord, oldest first: one read before it was deleted is not saved. */
  deleted: Set<string>;
  /** Aborted when the bot stops: waits (a catch-up's backoff) end at once. */
  stop: AbortController;
}

const works = new WeakMap<BotContext, Work>();

function workOf(context: BotContext): Work {
  let work = works.get(context);
  if (!work) {
    work = { running: new Set(), deleted: new Set(), stop: new AbortController() };
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

/** A message was deleted on Discord: a handler still saving it (its photo downloading) must not keep it. */
export function noteDeleted(context: BotContext, messageId: string): void {
  const { deleted } = workOf(context);
  deleted.add(messageId);
  if (deleted.size > BOT_DELETIONS_REMEMBERED) deleted.delete(deleted.values().next().value!);
}

/** Whether the message was deleted on Discord since the bot started. */
export function wasDeleted(context: BotContext, messageId: string): boolean {
  return workOf(context).deleted.has(messageId);
}
