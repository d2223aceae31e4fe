import { Text } from "@mantine/core";
import { onlineManager, type Query, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { sessionKeys } from "@/features/session/api/keys";
import { ApiError } from "@/lib/api";
import { useMyClock, wishedTimeIn } from "@/lib/favourTime";

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();
/** The page's reads: the queries on screen, less the session (kept with every page, checked once). */
const pageRead = (query: Query) => query.queryKey[0] !== sessionKeys.all[0];
/** A page's read that never reached the server (lib/api.ts's status 0): online by the phone's word only. */
const unreachable = (query: Query) =>
  pageRead(query) && query.state.error instanceof ApiError && query.state.error.status === 0;

/**
 * Offline, or online by the phone's word while the server cannot be reached, says so above the
 * page: the time of the data it shows (the oldest read of the page's data this device kept), on
 * the partner's own clock, or that the page has not been kept.
 */
export function OfflineLine() {
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnline);
  const queryCache = useQueryClient().getQueryCache();
  const seenAt = useSyncExternalStore(
    (listener) => queryCache.subscribe(listener),
    () => {
      const times = queryCache
        .findAll({ type: "active", predicate: pageRead })
        .map((query) => query.state.dataUpdatedAt)
        .filter((time) => time > 0);
      return times.length > 0 ? Math.min(...times) : undefined;
    },
    () => undefined,
  );
  const unreached = useSyncExternalStore(
    (listener) => queryCache.subscribe(listener),
    () => queryCache.findAll({ type: "active", predicate: unreachable }).length > 0,
    () => false,
  );
  const { timeZone } = useMyClock();
  if (online && !unreached) return null;
  return (
    <Text role="status" size="sm" ta="center" py={6} bg="var(--app-notice-surface)" c="var(--app-notice-text)">
      {seenAt === undefined
        ? "offline: this page was not kept on this device; it loads when the connection is back"
        : `offline: showing what you saw at ${seenAtLabel(seenAt, timeZone)}`}
    </Text>
  );
}

/** "2:02 PM" today, "Tue, Nov 24, 2:02 PM" on another day, on the partner's clock. */
function seenAtLabel(time: number, timeZone: string): string {
  const day = (at: number) => new Date(at).toLocaleDateString("en-US", { timeZone });
  if (day(time) === day(Date.now()))
    return new Date(time).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  return wishedTimeIn(new Date(time).toISOString(), timeZone);
}
