import { FAVOURS_PER_PAGE, LIST_WINDOW } from "@spankbank/shared/limits";

/** One page of a list, as the server answers it. */
export interface Paged<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
  total: number;
}

/** Whether a read asks for a page (`?page=` or `?pageSize=`); bare, the server answers its plain list. */
export const asksForPage = (url: URL): boolean => url.searchParams.has("page") || url.searchParams.has("pageSize");

/** A list as the server pages it: that page (a page past the end answers the last) and the totals. */
export function pageOf<Row>(rows: readonly Row[], url: URL, pageSize = FAVOURS_PER_PAGE): Paged<Row> {
  const size = Number(url.searchParams.get("pageSize") ?? pageSize);
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const page = Math.min(Number(url.searchParams.get("page") ?? 1), pageCount);
  return { rows: rows.slice((page - 1) * size, page * size), page, pageCount, total: rows.length };
}

/** The server's plain list: the first LIST_WINDOW. */
export const plainList = <Row>(rows: readonly Row[]): Row[] => rows.slice(0, LIST_WINDOW);
