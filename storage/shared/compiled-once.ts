/**
 * Queries built and compiled once. Kysely builds an operation tree and compiles it to SQL on
 * every call, which on the hot write path costs more than SQLite takes to run the statement. A
 * query whose shape never changes is built once with a named slot wherever a value goes; each
 * call only puts its values in the slots' places among the compiled parameters.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands in for a value while the query is built; its place among the parameters is filled per call. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * The name of each SQL text compiled here, for drivers that can keep a statement prepared by
 * name (PostgreSQL: see ../dialects/postgres.ts). Texts are few and fixed, so they are kept.
 */
const preparedNames = new Map<string, string>();

/** The prepared statement name of `sql` if it was compiled once here. */
export function preparedNameOf(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/** Gives the value to build a query with at slot `name`. */
export type SlotOf<Name extends string> = (name: Name) => any;

/** Runs the compiled query with `values` in its slots, and resolves to its rows. */
export type CompiledOnce<Name extends string, Row> = (values: Readonly<Record<Name, unknown>>) => Promise<Row[]>;

/** The query `build` makes, compiled on first use, run with each call's values. */
export function compiledOnce<Name extends string, Row>(db: Kysely<any>, build: (slot: SlotOf<Name>) => Compilable<Row>): CompiledOnce<Name, Row> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (values) => {
    compiled ??= compileWithSlots(build, Object.keys(values));
    const parameters = compiled.parameters.map((parameter) => (parameter instanceof Slot ? values[parameter.name as Name] : parameter));
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

function compileWithSlots<Name extends string, Row>(build: (slot: SlotOf<Name>) => Compilable<Row>, names: string[]): CompiledQuery<Row> {
  const compiled = build((name) => new Slot(name)).compile();
  // A value named but never placed would be silently dropped: a mistake in the query, said at once.
  const placed = new Set(compiled.parameters.filter((parameter) => parameter instanceof Slot).map((slot) => (slot as Slot).name));
  const unplaced = names.filter((name) => !placed.has(name));
  if (unplaced.length > 0) throw new Error(`the compiled query has no slot for ${unplaced.join(', ')}: ${compiled.sql}`);
  if (!preparedNames.has(compiled.sql)) preparedNames.set(compiled.sql, `arena_compiled_${preparedNames.size + 1}`);
  return compiled;
}
