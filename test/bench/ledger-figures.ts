/**
 * The league figures a store keeps as attempts are retained, read the same way from the arena's
 * store and from the minimal submit's tables, so a test can hold them equal.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Store } from '../../core/store/store.ts';

export interface LeagueFigures {
  day: { fieldSize: number; finisherCount: number; attemptCount: number };
  /** Per agent, in order of agent id. */
  bests: { agentId: string; bestScore: number; bestAttemptId: string; finished: boolean; attempts: number }[];
  season: { agentId: string; total: number; days: number }[];
  totals: { attempts: number; entrants: number };
}

const byAgent = <T extends { agentId: string }>(rows: T[]) => rows.sort((a, b) => a.agentId.localeCompare(b.agentId));

export async function arenaFigures(store: Store, date: string): Promise<LeagueFigures> {
  const { fieldSize, finisherCount, attemptCount } = await store.dayCounts(date);
  const { rows: standings } = await store.dailyStandings(date, { limit: 100 });
  const { rows: season } = await store.seasonStandings({ limit: 100 });
  const { attempts, entrants } = await store.totals();
  return {
    day: { fieldSize, finisherCount, attemptCount },
    bests: byAgent(standings.map((row) => ({ agentId: row.agent.id, bestScore: row.bestScore, bestAttemptId: row.bestAttemptId, finished: row.finished, attempts: row.attempts }))),
    season: byAgent(season.map((row) => ({ agentId: row.agent.id, total: row.total, days: row.days }))),
    totals: { attempts, entrants },
  };
}

/** Runs a read on the minimal submit's database: SQLite by its file, PostgreSQL by its URL. */
export type Query = (sql: string, parameters?: unknown[]) => Promise<Record<string, unknown>[]>;

export function sqliteQuery(path: string): Query {
  return async (sql, parameters = []) => {
    const db = new Database(path, { readonly: true });
    try {
      return db.prepare(sql).all(...parameters) as Record<string, unknown>[];
    } finally {
      db.close();
    }
  };
}

export function postgresQuery(url: string): Query {
  return async (sql, parameters = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // $1 on PostgreSQL where SQLite takes ?.
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          parameters,
        )
      ).rows;
    } finally {
      await client.end();
    }
  };
}

export async function minimalFigures(query: Query, date: string): Promise<LeagueFigures> {
  const [day] = await query('SELECT field_size, finisher_count, attempt_count FROM day_counts WHERE date = ?', [date]);
  const bests = await query('SELECT agent_id, best_score, best_attempt_id, finished, attempts FROM day_bests WHERE date = ?', [date]);
  const season = await query('SELECT agent_id, total, days FROM season_totals');
  const [totals] = await query('SELECT attempts, entrants FROM totals');
  return {
    day: { fieldSize: Number(day!.field_size), finisherCount: Number(day!.finisher_count), attemptCount: Number(day!.attempt_count) },
    bests: byAgent(
      bests.map((row) => ({
        agentId: String(row.agent_id),
        bestScore: Number(row.best_score),
        bestAttemptId: String(row.best_attempt_id),
        finished: Boolean(row.finished),
        attempts: Number(row.attempts),
      })),
    ),
    season: byAgent(season.map((row) => ({ agentId: String(row.agent_id), total: Number(row.total), days: Number(row.days) }))),
    totals: { attempts: Number(totals!.attempts), entrants: Number(totals!.entrants) },
  };
}
