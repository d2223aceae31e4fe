import { useQuery } from "@tanstack/react-query";
import { sessionQueryOptions } from "@/features/session/api/getSession";

/**
 * Favour times on the signed-in partner's own clock (their configured zone, not the browser's:
 * a laptop still set to home time while visiting would say the wrong hour).
 */
export function useMyClock(): { timeZone: string; city: string } {
  const { data } = useQuery(sessionQueryOptions);
  return { timeZone: data?.user.timeZone ?? "UTC", city: data?.user.city ?? "" };
}

/** "Tue, Nov 24, 7:30 AM" in `timeZone`: every time on a favour card (redeemed, wished for, confirmed). */
export const wishedTimeIn = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** "Mon, Nov 30" for a YYYY-MM-DD day (a calendar day: no zone moves it). */
export const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  });
