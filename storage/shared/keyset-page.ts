/**
 * Every keyset listing: the rows after the cursor's key, in the listing's order, one more than
 * the page asks for (to learn whether a next page exists), ranked, with the cursor of the next
 * page. A listing states only its query (filters and order applied), how a key continues it, and
 * how a row becomes an item; the range scan of one index does the rest.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '../../core/store/page.ts';
import { decodeCursor, encodeCursor, type KeyPart, type KeyShape } from './cursor.ts';

/** A query already filtered and ordered, as Kysely's select builders are. */
interface OrderedQuery {
  execute(): Promise<unknown[]>;
  limit(limit: number): { execute(): Promise<unknown[]> };
}

/** The rows a query returns. */
type RowOf<Query extends OrderedQuery> = Awaited<ReturnType<Query['execute']>>[number];

export interface KeysetListing<Query extends OrderedQuery, Item> {
  /** Names the listing and its filter: a cursor is valid only for the listing that issued it. */
  listing: string;
  /** The types of the sort key's parts. */
  shape: KeyShape;
  /** The listing's query, filtered and in its order. */
  query: Query;
  /** The query restricted to the rows after `key`, in the listing's order. */
  after(query: Query, key: KeyPart[]): Query;
  /** The sort key of a row. */
  keyOf(row: RowOf<Query>): KeyPart[];
  toItem(row: RowOf<Query>, rank: number): Item;
}

export async function keysetPage<Query extends OrderedQuery, Item>(page: Page, spec: KeysetListing<Query, Item>): Promise<{ items: Item[]; next: string | null }> {
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new RangeError(`a page limit must be a positive integer, not ${page.limit}`);
  let query = spec.query;
  let rankBefore = 0;
  if (page.after !== undefined) {
    const { key, rank } = decodeCursor(page.after, spec.listing, spec.shape);
    rankBefore = rank;
    query = spec.after(query, key);
  }
  const rows = (await query.limit(page.limit + 1).execute()) as RowOf<Query>[];
  const shown = rows.slice(0, page.limit);
  const items = shown.map((row, index) => spec.toItem(row, rankBefore + index + 1));
  const last = shown[shown.length - 1];
  const next = rows.length > page.limit && last !== undefined ? encodeCursor(spec.listing, { key: spec.keyOf(last), rank: rankBefore + shown.length }) : null;
  return { items, next };
}

/**
 * Continues a listing ordered by a number descending, its ties by two columns ascending, after
 * `key` (the number and the two tie-breakers): `number <= key` bounds the index range, and the
 * rest skips the ties already shown.
 */
export function afterDescendingWithTies<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  number: string,
  ties: readonly [string, string],
  key: KeyPart[],
): SelectQueryBuilder<DB, TB, O> {
  const [value, first, second] = key as [number, string, string];
  return (query as SelectQueryBuilder<any, any, O>)
    .where(number, '<=', value)
    .where((eb) => eb.or([eb(number, '<', value), eb(eb.refTuple(ties[0], ties[1]), '>', eb.tuple(first, second))]));
}
