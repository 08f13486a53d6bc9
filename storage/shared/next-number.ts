/**
 * "Insert the next number; retry on a lost race", written once for every numbered record (a
 * day's attempts, a client's check-ins of the day, proposals). There is no read-then-write: one
 * statement computes MAX(number) + 1 within its scope and inserts only while it is within the
 * ceiling, doing nothing if a concurrent insert took that number (a unique constraint) or if
 * this request already wrote its row (`request_digest` is unique). When nothing was inserted,
 * the caller reads why (the ceiling, the row this request wrote, a refusal of its own) or
 * retries; each lost race means another writer took a number, so the rounds are bounded.
 */
import { isExpression, sql, type Kysely, type SelectQueryBuilder } from 'kysely';

export interface NextNumberInsert {
  table: string;
  /** The row's columns but `number`, which the statement computes: values, or SQL expressions. */
  values: Record<string, unknown>;
  /** The columns (and their values) the numbering counts within; none for one sequence over the table. */
  within?: Record<string, unknown>;
  /** The highest number the insert may take. */
  ceiling?: unknown;
  /** A further condition the insert must meet, on the statement's SELECT. */
  onlyIf?: (source: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;
  /** The columns the inserted row comes back with; every column when not given. */
  returning?: readonly string[];
}

/**
 * INSERT INTO t (…, number) SELECT …, n.next FROM (SELECT COALESCE(MAX(number), 0) + 1 AS next
 * FROM t WHERE <within>) n WHERE n.next <= <ceiling> [AND <onlyIf>] ON CONFLICT DO NOTHING RETURNING *
 */
export function insertAtNextNumber<Row>(db: Kysely<any>, insert: NextNumberInsert): Promise<Row | undefined> {
  return nextNumberInsertQuery(db, insert).executeTakeFirst() as Promise<Row | undefined>;
}

/**
 * The statement of `insertAtNextNumber`, to run or to compile once (see ./compiled-once.ts): its
 * values, scope and ceiling may be slots.
 */
export function nextNumberInsertQuery(db: Kysely<any>, insert: NextNumberInsert) {
  const columns = Object.keys(insert.values);
  let next = db.selectFrom(insert.table).select(sql<number>`coalesce(max(${sql.ref('number')}), 0) + 1`.as('next'));
  for (const [column, value] of Object.entries(insert.within ?? {})) next = next.where(column, '=', value);
  let source = db.selectFrom(next.as('n')).select((eb) => [
    ...columns.map((column) => {
      const value = insert.values[column];
      return isExpression(value) ? sql`${value}`.as(column) : eb.val(value).as(column);
    }),
    'n.next',
  ]);
  // SQLite parses `INSERT … SELECT … ON CONFLICT` only when the SELECT has a WHERE.
  source = insert.ceiling === undefined ? source.where(sql<boolean>`true`) : source.where('n.next', '<=', insert.ceiling);
  if (insert.onlyIf) source = insert.onlyIf(source);
  const inserting = db
    .insertInto(insert.table)
    .columns([...columns, 'number'])
    .expression(source)
    .onConflict((oc) => oc.doNothing());
  return insert.returning === undefined ? inserting.returningAll() : inserting.returning(insert.returning as string[]);
}

/** The highest number taken within the scope, 0 when none. */
export async function highestNumber(db: Kysely<any>, table: string, within: Record<string, string>): Promise<number> {
  let query = db.selectFrom(table).select(sql<number>`coalesce(max(${sql.ref('number')}), 0)`.as('used'));
  for (const [column, value] of Object.entries(within)) query = query.where(column, '=', value);
  const { used } = await query.executeTakeFirstOrThrow();
  return Number(used);
}

/**
 * Runs `round` until it settles (returns a value); `undefined` means a lost race, run again.
 * More than `rounds` losses in a row would be a fault, not contention.
 */
export async function retryLostRaces<T>(rounds: number, what: string, round: () => Promise<T | undefined>): Promise<T> {
  for (let lost = 0; lost < rounds; lost++) {
    const settled = await round();
    if (settled !== undefined) return settled;
  }
  throw new Error(`${what} lost the race for a number ${rounds} times; that cannot happen under an honest limit`);
}
