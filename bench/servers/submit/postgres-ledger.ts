/**
 * The minimal submit's ledger on PostgreSQL through a `pg` pool: two round trips per submit,
 * each one statement prepared once per connection. The first finds the agent by its key's
 * digest; the second calls `minimal_submit`, which claims the Idempotency-Key, retains the
 * attempt and keeps the day's best, the day's counts, the season total and the totals, in the
 * one transaction of that statement. Under READ COMMITTED, an agent's submits of one day are
 * put in order by its day's best row (inserted by the first, locked by each later one), and every
 * other figure is an upsert of a delta, so they stay exact under any concurrency.
 */
import pg from 'pg';
import { type AttemptColumns, retainedRow } from './attempt-columns.ts';
import type { Ledger, LedgerAgent, Retained } from './ledger.ts';

/** The SQLSTATE `minimal_submit` raises with when the day's limit is reached: its claim is undone with the rest. */
const LIMIT_REACHED = 'MS001';

/** Only what a submit writes and reads: no index for listings, no events, no request digests. */
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS agents (
    id text PRIMARY KEY, handle text NOT NULL UNIQUE, display_name text NOT NULL, model text, sent_by text,
    key_digest text NOT NULL UNIQUE, created_at text NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS attempts (
    id text PRIMARY KEY, agent_id text NOT NULL, kind text NOT NULL, challenge_id text NOT NULL, date text NOT NULL,
    number integer NOT NULL CHECK (number BETWEEN 1 AND 10), actions text NOT NULL, score integer NOT NULL,
    reached_exit boolean NOT NULL, benchmark text, checksum text NOT NULL, receipt_token text NOT NULL,
    result text NOT NULL, declaration text NOT NULL, created_at text NOT NULL,
    UNIQUE (agent_id, date, number)
  )`,
  'CREATE TABLE IF NOT EXISTS idempotency (key_digest text PRIMARY KEY, fingerprint text NOT NULL, attempt_id text NOT NULL)',
  `CREATE TABLE IF NOT EXISTS day_bests (
    date text NOT NULL, agent_id text NOT NULL, best_score integer NOT NULL, best_attempt_id text NOT NULL,
    achieved_at text NOT NULL, finished boolean NOT NULL, attempts integer NOT NULL, PRIMARY KEY (date, agent_id)
  )`,
  'CREATE TABLE IF NOT EXISTS day_counts (date text PRIMARY KEY, field_size integer NOT NULL, finisher_count integer NOT NULL, attempt_count integer NOT NULL)',
  'CREATE TABLE IF NOT EXISTS season_totals (agent_id text PRIMARY KEY, total integer NOT NULL, days integer NOT NULL)',
  'CREATE TABLE IF NOT EXISTS totals (id integer PRIMARY KEY CHECK (id = 1), attempts integer NOT NULL, entrants integer NOT NULL)',
  'INSERT INTO totals VALUES (1, 0, 0) ON CONFLICT DO NOTHING',
  // Rows are locked in one order (the claim, the day's best, the day's counts, the season total,
  // the totals), so concurrent submits cannot deadlock.
  `CREATE OR REPLACE FUNCTION minimal_submit(
    claim_digest text, claim_fingerprint text, new_id text, new_agent_id text, new_kind text, new_challenge_id text,
    new_date text, new_actions text, new_score integer, new_reached_exit boolean, new_benchmark text, new_checksum text,
    new_receipt_token text, new_result text, new_declaration text, new_created_at text, ceiling integer
  ) RETURNS TABLE (outcome text, taken integer, replayed text) LANGUAGE plpgsql AS $$
  DECLARE
    claimed idempotency%ROWTYPE;
    prior day_bests%ROWTYPE;
    first_of_day boolean := false;
    next_number integer := 1;
    entrant boolean;
  BEGIN
    -- A concurrent claim of the same key is waited for: committed, it is this request's replay.
    INSERT INTO idempotency VALUES (claim_digest, claim_fingerprint, new_id) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT * INTO claimed FROM idempotency i WHERE i.key_digest = claim_digest;
      IF claimed.fingerprint <> claim_fingerprint THEN
        RETURN QUERY SELECT 'mismatch', 0, NULL::text;
      ELSE
        RETURN QUERY SELECT 'replayed', a.number, row_to_json(a)::text FROM attempts a WHERE a.id = claimed.attempt_id;
      END IF;
      RETURN;
    END IF;
    INSERT INTO day_bests VALUES (new_date, new_agent_id, new_score, new_id, new_created_at, new_reached_exit, 1) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      first_of_day := true;
    ELSE
      SELECT * INTO prior FROM day_bests b WHERE b.date = new_date AND b.agent_id = new_agent_id FOR UPDATE;
      IF prior.attempts >= ceiling THEN
        RAISE EXCEPTION 'the day''s limit is reached' USING ERRCODE = '${LIMIT_REACHED}';
      END IF;
      next_number := prior.attempts + 1;
      -- Ties stay with the earlier attempt: only a strictly greater score takes the best.
      UPDATE day_bests b SET
        attempts = b.attempts + 1,
        finished = b.finished OR new_reached_exit,
        best_attempt_id = CASE WHEN new_score > b.best_score THEN new_id ELSE b.best_attempt_id END,
        achieved_at = CASE WHEN new_score > b.best_score THEN new_created_at ELSE b.achieved_at END,
        best_score = GREATEST(b.best_score, new_score)
      WHERE b.date = new_date AND b.agent_id = new_agent_id;
    END IF;
    INSERT INTO attempts VALUES (new_id, new_agent_id, new_kind, new_challenge_id, new_date, next_number, new_actions, new_score,
      new_reached_exit, new_benchmark, new_checksum, new_receipt_token, new_result, new_declaration, new_created_at);
    INSERT INTO day_counts AS c VALUES (
      new_date,
      first_of_day::integer,
      (new_reached_exit AND (first_of_day OR NOT prior.finished))::integer,
      1
    ) ON CONFLICT (date) DO UPDATE SET
      field_size = c.field_size + excluded.field_size,
      finisher_count = c.finisher_count + excluded.finisher_count,
      attempt_count = c.attempt_count + 1;
    INSERT INTO season_totals AS s VALUES (
      new_agent_id,
      CASE WHEN first_of_day THEN new_score ELSE GREATEST(new_score - prior.best_score, 0) END,
      first_of_day::integer
    ) ON CONFLICT (agent_id) DO UPDATE SET total = s.total + excluded.total, days = s.days + excluded.days
    RETURNING xmax = 0 INTO entrant;
    UPDATE totals t SET attempts = t.attempts + 1, entrants = t.entrants + entrant::integer WHERE t.id = 1;
    RETURN QUERY SELECT 'retained', next_number, NULL::text;
  END $$`,
];

const AGENT_BY_KEY = { name: 'minimal_agent_by_key', text: 'SELECT id, handle, display_name, model, sent_by FROM agents WHERE key_digest = $1' };
const SUBMIT = { name: 'minimal_submit', text: `SELECT * FROM minimal_submit(${Array.from({ length: 17 }, (_, i) => `$${i + 1}`).join(', ')})` };
const ADD_AGENT = 'INSERT INTO agents VALUES ($1, $2, $3, $4, $5, $6, $7)';

/** The ledger on the database of `url`, its schema made first; `poolSize` connections, as the arena's adapter opens by default. */
export async function openPostgresLedger(url: string, poolSize = 10): Promise<Ledger> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection the server drops is replaced on the next query; unheard, its error would end the process.
  pool.on('error', () => undefined);
  const setup = await pool.connect();
  try {
    // One process at a time: CREATE OR REPLACE FUNCTION is not safe to run concurrently.
    await setup.query('SELECT pg_advisory_lock(3232)');
    for (const statement of SCHEMA) await setup.query(statement);
    await setup.query('SELECT pg_advisory_unlock(3232)');
  } finally {
    setup.release();
  }
  return {
    async agentByKeyDigest(keyDigest) {
      const { rows } = await pool.query<{ id: string; handle: string; display_name: string; model: string | null; sent_by: string | null }>({
        ...AGENT_BY_KEY,
        values: [keyDigest],
      });
      const row = rows[0];
      return row && ({ id: row.id, handle: row.handle, displayName: row.display_name, model: row.model, sentBy: row.sent_by } satisfies LedgerAgent);
    },
    async retain(attempt, claim, limit): Promise<Retained> {
      const values = [
        claim.keyDigest,
        claim.fingerprint,
        attempt.id,
        attempt.agentId,
        attempt.kind,
        attempt.challengeId,
        attempt.date,
        attempt.actions,
        attempt.score,
        attempt.reachedExit,
        attempt.benchmark,
        attempt.checksum,
        attempt.receiptToken,
        attempt.resultJson,
        attempt.declarationJson,
        attempt.createdAt,
        limit,
      ];
      let row: { outcome: string; taken: number; replayed: string | null };
      try {
        row = (await pool.query({ ...SUBMIT, values })).rows[0];
      } catch (error) {
        if ((error as { code?: string }).code === LIMIT_REACHED) return { outcome: 'limit-reached' };
        throw error;
      }
      if (row.outcome === 'retained') return { outcome: 'retained', attempt: { ...attempt, number: row.taken } };
      if (row.outcome === 'replayed') return { outcome: 'replayed', attempt: retainedRow(JSON.parse(row.replayed!) as AttemptColumns) };
      return { outcome: 'mismatch' };
    },
    async addAgent(agent) {
      await pool.query(ADD_AGENT, [agent.id, agent.handle, agent.displayName, agent.model, agent.sentBy, agent.keyDigest, agent.createdAt]);
    },
    close: () => pool.end(),
  };
}
