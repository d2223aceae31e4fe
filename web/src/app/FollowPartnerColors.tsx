import { useMantineColorScheme } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryOptions } from "@/features/session/api/getSession";

/**
 * The page takes the signed-in partner's colours from their session: picked on another device, or
 * a partner signing in on this one. Mantine keeps them in this browser too (web/first-paint/color-scheme.js
 * paints the next visit in them before any script of the app runs).
 */
export function FollowPartnerColors() {
  const { data: session } = useQuery(sessionQueryOptions);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const partnerColors = session?.colorScheme;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer of the session moves the page's colours; the menu moves them itself.
  useEffect(() => {
    if (partnerColors && partnerColors !== colorScheme) setColorScheme(partnerColors);
  }, [partnerColors]);
  return null;
}
