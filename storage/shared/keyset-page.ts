/** The shared end of every keyset listing: trim the look-ahead row, rank rows, issue `next`. */
import type { Page } from '../../core/store/page.ts';
import { encodeCursor, type Position } from './cursor.ts';

/** Checks `page.limit`; the query asks for one row more to learn whether a next page exists. */
export function lookAhead(page: Page): number {
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new RangeError(`a page limit must be a positive integer, not ${page.limit}`);
  return page.limit + 1;
}

/**
 * The page's rows (at most `page.limit`) and the cursor after the last one, or null when the
 * look-ahead row did not come. `rankBefore` is the rank of the row before this page (0 first).
 */
export function pageOf<Row, Item>(
  rows: Row[],
  page: Page,
  listing: string,
  rankBefore: number,
  keyOf: (row: Row) => Position['key'],
  toItem: (row: Row, rank: number) => Item,
): { items: Item[]; next: string | null } {
  const shown = rows.slice(0, page.limit);
  const items = shown.map((row, index) => toItem(row, rankBefore + index + 1));
  const last = shown[shown.length - 1];
  const next = rows.length > page.limit && last !== undefined ? encodeCursor(listing, { key: keyOf(last), rank: rankBefore + shown.length }) : null;
  return { items, next };
}
