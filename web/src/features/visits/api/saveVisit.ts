import type { VisitBody, VisitChangeBody } from "@spankbank/shared/contract/visits";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { visitKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const visitReply = () => import("@spankbank/shared/contract/visits").then((c) => c.visitReply);

/** Plans a visit or logs a past one (no id), or changes one (its id, and the version the form showed). */
export function saveVisit({ id, body }: { id?: number | undefined; body: VisitBody | VisitChangeBody }) {
  return id === undefined
    ? api.postOnce("/api/visits", body, visitReply)
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
