import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { useDisplayName } from "@/lib/useDisplayName";
import { useExpiredFavours } from "../api/getExpiredFavours";
import { useNoticeExpiredFavours } from "../api/noticeExpiredFavours";
import { expiredFavourText } from "../expiredText";

/**
 * Toasted in this tab already, "username:purchase id" (both partners are told of one purchase): a
 * refetch, or the dashboard mounting again (its loading view gives way to the loaded page), before
 * the server has the mark must not toast again.
 */
const toastedInThisTab = new Set<string>();

/** On the visit after a favour expired, a toast to each partner, once: the server remembers who was told. */
export function ExpiryToasts({ me }: { me: string }) {
  const { data } = useExpiredFavours();
  const notice = useNoticeExpiredFavours();
  const displayName = useDisplayName();
  useEffect(() => {
    const fresh =
      data?.expired.filter((favour) => !favour.noticed && !toastedInThisTab.has(`${me}:${favour.id}`)) ?? [];
    if (fresh.length === 0) return;
    for (const favour of fresh) {
      toastedInThisTab.add(`${me}:${favour.id}`);
      toast.info(expiredFavourText(favour, me, displayName));
    }
    notice.mutate(fresh.map((favour) => favour.id));
  }, [data, me, displayName, notice.mutate]);
  return null;
}
