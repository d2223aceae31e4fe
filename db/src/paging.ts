/** Where one page of a list of `total` rows falls. */
export interface PageWindow {
  /** The page answered: `page` held within 1..pageCount. */
  page: number;
  pageCount: number;
  limit: number;
  offset: number;
}

/**
 * The window of page `page` of `pageSize` rows: a page past the end answers the last page (a list
 * that shrank under the reader shows what is left); page 1 of nothing is empty with a page count of 1.
 */
export function pageWindow(total: number, page: number, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { page: current, pageCount, limit: pageSize, offset: (current - 1) * pageSize };
}
