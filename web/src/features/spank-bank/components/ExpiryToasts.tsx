import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { useDisplayName } from "@/lib/useDisplayName";
import { useExpiredFavours } from "../api/getExpiredFavours";
import { useNoticeExpiredFavours } from "../api/noticeExpiredFavours";
import { expiredFavourText } from "../expiredText";

/** On the visit after a favour expired, a toast to each partner, once: the server remembers who was told. */
export function ExpiryToasts({ me }: { me: string }) {
  const { data } = useExpiredFavours();
  const notice = useNoticeExpiredFavours();
  const displayName = useDisplayName();
  // Toasted in this tab already: a refetch before the server has the mark must not toast again.
  const toasted = useRef(new Set<number>());
  useEffect(() => {
    const fresh = data?.expired.filter((favour) => !favour.noticed && !toasted.current.has(favour.id)) ?? [];
    if (fresh.length === 0) return;
    for (const favour of fresh) {
      toasted.current.add(favour.id);
      toast.info(expiredFavourText(favour, me, displayName));
    }
    notice.mutate(fresh.map((favour) => favour.id));
  }, [data, me, displayName, notice.mutate]);
  return null;
}
