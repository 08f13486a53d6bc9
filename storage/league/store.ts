/**
 * The league's part of the store. No transactions (D1 has none): every write that must be atomic
 * is one statement guarded by a constraint, and the figures the league shows are kept by
 * triggers inside those statements (see ./0001-triggers.ts, and ./0011-pending-figures.ts for
 * PostgreSQL, whose shares of the day's counts and totals are moved after writes by
 * ../shared/compactor.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import type { LeagueStore, Retained } from '../../core/league/store.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';
import type { DialectFamily } from '../shared/family.ts';
import { dayCounts, leagueTotals } from './figures.ts';
import { dailyStandings, listAttempts, seasonStandings } from './listings.ts';
import { attemptRetainer, holdingKey } from './retain-attempt.ts';
import { LISTED_ATTEMPT_COLUMNS, STORED_ATTEMPT_COLUMNS, toAttempt, toListedAttempt, toStoredAttempt } from './rows.ts';
import type { AttemptsTable } from './tables.ts';
import { writtenByRequest } from '../shared/written-by-request.ts';

/** The board kept for `date` (migration 0013), as its JSON text. */
async function dayBoard(db: Kysely<Database>, date: string): Promise<string | null> {
  const row = await db.selectFrom('league_boards').select('board').where('date', '=', date).executeTakeFirst();
  return row?.board ?? null;
}

/** The league's part of the store, bound to the database. */
export function leagueStore(db: Kysely<Database>, family: DialectFamily): LeagueStore {
  const retainAttempt = attemptRetainer(db, family);
  return {
    retainAttempt: (attempt, limit) => retainAttempt(attempt, limit, false),
    // A join attempt holds no Idempotency-Key (`key` is a submit's): it is never `keyHeld`.
    retainJoinAttempt: (attempt, limit) => retainAttempt(attempt, limit, true) as Promise<Exclude<Retained, { keyHeld: unknown }>>,
    async attemptById(id) {
      const row = await db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toAttempt(row) : null;
    },
    async attemptsById(ids) {
      if (ids.length === 0) return [];
      return (await db.selectFrom('attempts').selectAll().where('id', 'in', ids).execute()).map(toAttempt);
    },
    async attemptHoldingKey(keyDigest) {
      const row = await holdingKey(db, keyDigest);
      return row ? { attempt: toAttempt(row), requestDigest: row.request_digest } : null;
    },
    async attemptByRequest(requestDigest) {
      const row = await writtenByRequest<Selectable<AttemptsTable>>(db, 'attempts', requestDigest);
      return row ? toAttempt(row) : null;
    },
    listAttempts: (filter, page) => listAttempts(db, filter, page, LISTED_ATTEMPT_COLUMNS, toListedAttempt),
    listStoredAttempts: (filter, page) => listAttempts(db, filter, page, STORED_ATTEMPT_COLUMNS, toStoredAttempt),

    async keepDayBoard(date, board) {
      await db
        .insertInto('league_boards')
        .values({ date, board })
        .onConflict((conflict) => conflict.column('date').doNothing())
        .execute();
      return (await dayBoard(db, date))!;
    },
    dayBoard: (date) => dayBoard(db, date),

    dayCounts: (date) => dayCounts(db, date),
    dailyStandings: (date, page) => dailyStandings(db, date, page),
    async agentDayBests(agentId, limit) {
      const rows = await db.selectFrom('day_bests').selectAll().where('agent_id', '=', agentId).orderBy('date', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        date: row.date,
        bestScore: asNumber(row.best_score),
        bestAttemptId: row.best_attempt_id,
        finished: Boolean(row.finished),
        attempts: asNumber(row.attempts),
      }));
    },
    // Both read the agents' day bests through their standings index (date, best_score).
    async scoreSpread(date) {
      const rows = await db
        .selectFrom('day_bests')
        .select(['best_score', (eb) => eb.fn.countAll<number | string>().as('agents')])
        .where('date', '=', date)
        .groupBy('best_score')
        .orderBy('best_score')
        .execute();
      return rows.map((row) => ({ score: asNumber(row.best_score), agents: asNumber(row.agents) }));
    },
    async dailyTopScores(from, to) {
      // One index seek per day that has counts, rather than a scan of every agent's day.
      const rows = await db
        .selectFrom('day_counts as d')
        .select([
          'd.date',
          (eb) =>
            eb
              .selectFrom('day_bests as b')
              .select((inner) => inner.fn.max('b.best_score').as('top'))
              .whereRef('b.date', '=', 'd.date')
              .as('score'),
        ])
        .where('d.date', '>=', from)
        .where('d.date', '<=', to)
        .orderBy('d.date')
        .execute();
      return rows.flatMap((row) => (row.score === null ? [] : [{ date: row.date, score: asNumber(row.score) }]));
    },
    seasonStandings: (page) => seasonStandings(db, page),
    totals: () => leagueTotals(db),
  };
}
