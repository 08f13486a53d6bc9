/**
 * SQL that the migrations of several surfaces build alike. A migration describes the schema as
 * it was when it ran, so what these build must never change for an existing migration.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectFamily } from './family.ts';

/** Text that is ordered or compared in keyset pages sorts bytewise on both families. */
export const keyColumn = (family: DialectFamily): string => (family === 'postgres' ? 'text COLLATE "C"' : 'text');

/** Integer count columns that start at 0, one per line. */
export const zeroCounts = (columns: readonly string[]): string => columns.map((column) => `${column} integer NOT NULL DEFAULT 0`).join(',\n      ');

/** Values as a SQL list of string literals. */
export const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/** `(NEW.x = 'v') - (OLD.x = 'v')` per value's column: a boolean as 0/1 in either family. */
export function moveDeltas(family: DialectFamily, values: readonly string[], columnOf: (value: string) => string, added: string, removed?: string): Record<string, string> {
  const asInt = (test: string) => (family === 'postgres' ? `(${test})::integer` : `(${test})`);
  return Object.fromEntries(
    values.map((value) => {
      const minus = removed === undefined ? '' : ` - ${asInt(`${removed} = '${value}'`)}`;
      return [columnOf(value), `${asInt(`${added} = '${value}'`)}${minus}`];
    }),
  );
}

const assignments = (deltas: Record<string, string>): string =>
  Object.entries(deltas)
    .map(([column, delta]) => `${column} = ${column} + ${delta}`)
    .join(',\n      ');

/**
 * How a trigger adds to a one-row totals table (`id` = 1): in place, as 0002 wrote them, or as a
 * pending share of its own (./pending-totals.ts), as 0011 does on PostgreSQL.
 */
export type AddToTotals = (table: string, deltas: Record<string, string>) => string;

export const updateTotals: AddToTotals = (table, deltas) => `UPDATE ${table} SET
      ${assignments(deltas)}
    WHERE id = 1`;

/** The later of a stored time and a new one (a NULL stored time counts as earlier). */
export const later = (stored: string, fresh: string) => `CASE WHEN ${stored} IS NULL OR ${fresh} > ${stored} THEN ${fresh} ELSE ${stored} END`;

/** One trigger: its name, the event it follows (`AFTER …`), an optional WHEN condition, and the statements it runs. */
export interface TriggerSpec {
  name: string;
  table: string;
  event: string;
  when?: string;
  body: string[];
  /**
   * PostgreSQL: run at commit rather than after the statement (a deferred constraint trigger),
   * so the locks it takes are the transaction's last. SQLite has one writer and runs it at once.
   */
  atCommit?: boolean;
}

/** The statements that create `triggers`: a SQLite trigger, or a PostgreSQL function and its trigger. */
export function createTriggers(family: DialectFamily, triggers: readonly TriggerSpec[]): string[] {
  if (family === 'sqlite') {
    return triggers.map(
      ({ name, table, event, when, body }) =>
        `CREATE TRIGGER IF NOT EXISTS ${name} ${event} ON ${table} FOR EACH ROW${when ? ` WHEN ${when}` : ''}
  BEGIN
    ${body.join(';\n    ')};
  END`,
    );
  }
  return triggers.flatMap(({ name, table, event, when, body, atCommit }) => [
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${body.join(';\n    ')};
    RETURN NULL;
  END $$`,
    // A constraint trigger cannot be created OR REPLACE: one left by a run that stopped halfway goes first.
    ...(atCommit ? [`DROP TRIGGER IF EXISTS ${name} ON ${table}`] : []),
    `CREATE ${atCommit ? 'CONSTRAINT' : 'OR REPLACE'} TRIGGER ${name} ${event} ON ${table}${atCommit ? ' DEFERRABLE INITIALLY DEFERRED' : ''}
    FOR EACH ROW${when ? ` WHEN (${when})` : ''} EXECUTE FUNCTION ${name}()`,
  ]);
}

/** Drops what `createTriggers` creates (before the tables go). */
export function dropTriggers(family: DialectFamily, triggers: readonly TriggerSpec[]): string[] {
  if (family === 'sqlite') return triggers.map(({ name }) => `DROP TRIGGER IF EXISTS ${name}`);
  return triggers.flatMap(({ name, table }) => [`DROP TRIGGER IF EXISTS ${name} ON ${table}`, `DROP FUNCTION IF EXISTS ${name}()`]);
}

/** One statement per call: D1, PGlite's extended protocol and `pg` with parameters take no more. */
export async function runEach(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Adds a column unless it is there. PostgreSQL says `IF NOT EXISTS`; SQLite has no such clause,
 * and a process migrating beside this one may add the column between the look and the ALTER,
 * which then fails with the column in place: that is done too.
 */
export async function addColumn(db: Kysely<any>, family: DialectFamily, table: string, column: string, type: string): Promise<void> {
  if (family === 'postgres') {
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column} ${type}`).execute(db);
    return;
  }
  const hasColumn = async () => (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}) WHERE name = ${column}`.execute(db)).rows.length > 0;
  if (await hasColumn()) return;
  try {
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`).execute(db);
  } catch (error) {
    if (!(await hasColumn())) throw error;
  }
}
