import { useQuery } from "@tanstack/react-query";
import { sessionQueryOptions } from "@/features/session/api/getSession";
import { displayNameOf } from "./partner";

/** `(name) => "Alex"`: everywhere a person is named, the page shows their display name. */
export function useDisplayName(): (name: string) => string {
  const { data } = useQuery(sessionQueryOptions);
  return (name) => displayNameOf(data?.couple, name);
}
