/**
 * A customer's own lists (orders, wallet transactions) come newest first, a page at a time;
 * a page shorter than the size asked for is the last one.
 */
export const LIST_PAGE_SIZE = 50;

/** The query of one page of a list. */
export const pageQuery = (page: number) => ({ page, limit: LIST_PAGE_SIZE });

export const nextPageAfter = (lastPage: unknown, pages: unknown[]): number | undefined =>
  Array.isArray(lastPage) && lastPage.length >= LIST_PAGE_SIZE ? pages.length + 1 : undefined;

/** The loaded pages as one list; a row that slid onto the next page as new ones came is kept once. */
export function joinPages<T>(
  pages: readonly unknown[] | undefined,
  keyOf: (row: T) => string,
): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    if (!Array.isArray(page)) continue;
    for (const row of page as T[]) {
      const key = keyOf(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return rows;
}
