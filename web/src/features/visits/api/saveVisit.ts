import type { VisitBody, VisitChangeBody } from "@spankbank/shared/contract/visits";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { visitKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const visitReply = () => import("@spankbank/shared/contract/visits").then((c) => c.visitReply);

/**
 * Plans a visit or logs a past one (no id), or changes one (its id, and the version the form showed).
 * `write`: the form's write (`newWrite`) for a new visit, one from opening to closing, whatever was corrected.
 */
export function saveVisit({
  id,
  body,
  write,
}: {
  id?: number | undefined;
  body: VisitBody | VisitChangeBody;
  write?: string | undefined;
}) {
  return id === undefined
    ? api.postOnce("/api/visits", body, visitReply, { write })
    : api.put(`/api/visits/${id}`, body, visitReply);
}

/** The form shows a refusal itself (it names the field), so only success is toasted. */
export function useSaveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisit,
    onSuccess: () => toast.success("Visit saved 💞"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
