import type pg from 'pg';

/**
 * Per-statement execution time from `pg_stat_statements` (the server must preload it; with
 * `pg_stat_statements.track = all` the statements trigger functions run are counted too): a
 * statement that waits on a row lock shows as a long mean time.
 */

/** One normalised statement's figures over a run. */
export interface StatementTime {
  statement: string;
  /** Run by a trigger or function, not sent by a client. */
  nested: boolean;
  calls: number;
  totalMs: number;
}

/** The bench's own looks at the server, left out of the figures. */
const OWN = /pg_stat_activity|pg_stat_statements|pg_locks|pg_backend_pid/;

export async function resetStatementTimes(client: pg.Client): Promise<void> {
  await client.query('SELECT pg_stat_statements_reset()');
}

/** The statements run on `client`'s database since the last reset. */
export async function readStatementTimes(client: pg.Client): Promise<StatementTime[]> {
  const { rows } = await client.query<{ statement: string; nested: boolean; calls: string; total_ms: number }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 200) AS statement, NOT toplevel AS nested, calls, total_exec_time AS total_ms
     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows.filter((row) => !OWN.test(row.statement)).map((row) => ({ statement: row.statement, nested: row.nested, calls: Number(row.calls), totalMs: row.total_ms }));
}

/** Adds `from` into `into`, statement by statement. */
export function addStatementTimes(into: Map<string, StatementTime>, from: readonly StatementTime[]): void {
  for (const time of from) {
    const key = `${time.nested}|${time.statement}`;
    const kept = into.get(key);
    if (kept === undefined) into.set(key, { ...time });
    else {
      kept.calls += time.calls;
      kept.totalMs += time.totalMs;
    }
  }
}

/** The statements that took longest in all, as `mean ms × calls per submit`, most first. */
export function describeStatementTimes(times: Iterable<StatementTime>, submits: number, most = 5): string {
  const sorted = [...times].sort((a, b) => b.totalMs - a.totalMs).slice(0, most);
  return sorted
    .map(
      (time) =>
        `\`${time.statement.length <= 60 ? time.statement : `${time.statement.slice(0, 60)}…`}\`${time.nested ? ' (in a trigger)' : ''} ${(time.totalMs / time.calls).toFixed(3)} ms × ${(time.calls / submits).toFixed(2)}`,
    )
    .join('; ');
}

/** Milliseconds of the statements clients sent, per submit (nested ones are inside them). */
export function clientStatementMsPerSubmit(times: Iterable<StatementTime>, submits: number): number {
  let total = 0;
  for (const time of times) if (!time.nested) total += time.totalMs;
  return total / submits;
}
