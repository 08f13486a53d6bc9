/**
 * One-row totals (`id` = 1) with no row every write must lock, for PostgreSQL (migration 0011).
 *
 * A counter row updated by every write queues concurrent writers behind the one holding it
 * until it commits, on one instance or many. So a write adds its share as a row of its own in
 * the table's `_pending` twin (an insert conflicts with nobody), a read sums the kept row and
 * the pending shares in one statement, and a compaction (./compactor.ts) moves the shares into
 * the kept row now and then, deleting them in the statement that adds them: a read's snapshot
 * sees each share once, pending or moved. SQLite and D1 have one writer at a time and keep
 * updating the row in place; their `_pending` tables stay empty, so a read is the same SQL.
 */
import { sql, type Kysely } from 'kysely';
import { asNumber } from './columns.ts';
import type { AddToTotals } from './migration-sql.ts';

/** A totals table and its count columns. */
export interface Totals<Column extends string = string> {
  table: string;
  columns: readonly Column[];
}

const pendingOf = (table: string) => `${table}_pending`;

/** The `_pending` twin of a totals table: its count columns, no key. */
export function pendingTotalsTable({ table, columns }: Totals): string {
  return `CREATE TABLE IF NOT EXISTS ${pendingOf(table)} (
      ${columns.map((column) => `${column} integer NOT NULL DEFAULT 0`).join(',\n      ')}
    )`;
}

export const dropPendingTotals = ({ table }: Totals): string => `DROP TABLE IF EXISTS ${pendingOf(table)}`;

/** A trigger's share, added as a pending row. */
export const addPendingTotals: AddToTotals = (table, deltas) => `INSERT INTO ${pendingOf(table)} (${Object.keys(deltas).join(', ')}) VALUES (${Object.values(deltas).join(', ')})`;

/** Moves every pending share the statement's snapshot sees into the kept row. */
export function compactTotals({ table, columns }: Totals): string {
  return `WITH moved AS (DELETE FROM ${pendingOf(table)} RETURNING *),
    sums AS (SELECT ${columns.map((column) => `COALESCE(SUM(${column}), 0) AS ${column}`).join(', ')}, COUNT(*) AS shares FROM moved)
    UPDATE ${table} AS kept SET ${columns.map((column) => `${column} = kept.${column} + sums.${column}`).join(', ')}
    FROM sums WHERE kept.id = 1 AND sums.shares > 0`;
}

/**
 * The totals of one or more tables (their columns named apart): each kept row plus its pending
 * shares, in one statement and so one snapshot.
 */
export async function readTotals<Column extends string>(db: Kysely<any>, ...tables: Totals<Column>[]): Promise<Record<Column, number>> {
  const columns = tables.flatMap((totals) => totals.columns);
  const branch = (totals: Totals<Column>, from: string) =>
    `SELECT ${columns.map((column) => (totals.columns.includes(column) ? column : `0 AS ${column}`)).join(', ')} FROM ${from}`;
  const branches = tables.flatMap((totals) => [branch(totals, `${totals.table} WHERE id = 1`), branch(totals, pendingOf(totals.table))]);
  const sums = columns.map((column) => `SUM(${column}) AS ${column}`).join(', ');
  const { rows } = await sql<Record<Column, number | string | null>>`SELECT ${sql.raw(sums)} FROM (${sql.raw(branches.join('\n      UNION ALL '))}) shares`.execute(db);
  const row = rows[0];
  return Object.fromEntries(columns.map((column) => [column, row?.[column] == null ? 0 : asNumber(row[column])])) as Record<Column, number>;
}
