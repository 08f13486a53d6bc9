/**
 * The minimal submit's ledger on an SQLite file through better-sqlite3, as the arena's Node
 * adapter opens one on this Node (WAL, and better-sqlite3's `synchronous = NORMAL` in WAL mode:
 * a commit is safe from a process crash, the disk flushed at checkpoints, which SQLite makes
 * itself as the log grows). One writer, so each submit reads its day's best and writes what
 * follows within one synchronous call: nothing can come between them. Submits of one
 * event-loop turn share a transaction and its COMMIT (./turn-commit.ts), each in a savepoint
 * of its own, so a failing one undoes only itself.
 */
import Database from 'better-sqlite3';
import { columnsOf, retainedRow, type AttemptColumns } from './attempt-columns.ts';
import type { AttemptRow, Claim, Ledger, LedgerAgent, RegisteredAgent, Retained } from './ledger.ts';
import { turnCommit } from './turn-commit.ts';

/** Only what a submit writes and reads: no index for listings, no events, no request digests. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS agents (
    id TEXT PRIMARY KEY, handle TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL, model TEXT, sent_by TEXT,
    key_digest TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS attempts (
    id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, kind TEXT NOT NULL, challenge_id TEXT NOT NULL, date TEXT NOT NULL,
    number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 10), actions TEXT NOT NULL, score INTEGER NOT NULL,
    reached_exit INTEGER NOT NULL, benchmark TEXT, checksum TEXT NOT NULL, receipt_token TEXT NOT NULL,
    result TEXT NOT NULL, declaration TEXT NOT NULL, created_at TEXT NOT NULL,
    UNIQUE (agent_id, date, number)
  );
  CREATE TABLE IF NOT EXISTS idempotency (key_digest TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, attempt_id TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS day_bests (
    date TEXT NOT NULL, agent_id TEXT NOT NULL, best_score INTEGER NOT NULL, best_attempt_id TEXT NOT NULL,
    achieved_at TEXT NOT NULL, finished INTEGER NOT NULL, attempts INTEGER NOT NULL, PRIMARY KEY (date, agent_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS day_counts (date TEXT PRIMARY KEY, field_size INTEGER NOT NULL, finisher_count INTEGER NOT NULL, attempt_count INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS season_totals (agent_id TEXT PRIMARY KEY, total INTEGER NOT NULL, days INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS totals (id INTEGER PRIMARY KEY CHECK (id = 1), attempts INTEGER NOT NULL, entrants INTEGER NOT NULL);
  INSERT INTO totals VALUES (1, 0, 0) ON CONFLICT DO NOTHING;
`;

interface DayBest {
  best_score: number;
  finished: number;
  attempts: number;
}

export function openSqliteLedger(path: string): Ledger {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(SCHEMA);
  const inTurn = turnCommit(db);
  const statement = {
    agentByKey: db.prepare('SELECT id, handle, display_name, model, sent_by FROM agents WHERE key_digest = ?'),
    addAgent: db.prepare('INSERT INTO agents VALUES (@id, @handle, @displayName, @model, @sentBy, @keyDigest, @createdAt)'),
    claimed: db.prepare('SELECT fingerprint, attempt_id FROM idempotency WHERE key_digest = ?'),
    claim: db.prepare('INSERT INTO idempotency VALUES (?, ?, ?)'),
    attemptById: db.prepare('SELECT * FROM attempts WHERE id = ?'),
    dayBest: db.prepare('SELECT best_score, finished, attempts FROM day_bests WHERE date = ? AND agent_id = ?'),
    insertAttempt: db.prepare(`INSERT INTO attempts VALUES (@id, @agent_id, @kind, @challenge_id, @date, @number, @actions, @score,
      @reached_exit, @benchmark, @checksum, @receipt_token, @result, @declaration, @created_at)`),
    firstDayBest: db.prepare('INSERT INTO day_bests VALUES (?, ?, ?, ?, ?, ?, 1)'),
    // Ties stay with the earlier attempt: only a strictly greater score takes the best.
    laterDayBest: db.prepare(`UPDATE day_bests SET attempts = attempts + 1, finished = MAX(finished, @finished),
      best_attempt_id = CASE WHEN @score > best_score THEN @id ELSE best_attempt_id END,
      achieved_at = CASE WHEN @score > best_score THEN @createdAt ELSE achieved_at END,
      best_score = MAX(best_score, @score)
      WHERE date = @date AND agent_id = @agentId`),
    dayCounts: db.prepare(`INSERT INTO day_counts VALUES (?, ?, ?, 1) ON CONFLICT (date) DO UPDATE SET
      field_size = field_size + excluded.field_size, finisher_count = finisher_count + excluded.finisher_count, attempt_count = attempt_count + 1`),
    raiseSeasonTotal: db.prepare('UPDATE season_totals SET total = total + ?, days = days + ? WHERE agent_id = ?'),
    firstSeasonTotal: db.prepare('INSERT INTO season_totals VALUES (?, ?, 1)'),
    totals: db.prepare('UPDATE totals SET attempts = attempts + 1, entrants = entrants + ? WHERE id = 1'),
  };

  // Within the turn's transaction, better-sqlite3 makes this a savepoint.
  const retainNow = db.transaction((attempt: AttemptRow, claim: Claim, limit: number): Retained => {
    const claimed = statement.claimed.get(claim.keyDigest) as { fingerprint: string; attempt_id: string } | undefined;
    if (claimed) {
      if (claimed.fingerprint !== claim.fingerprint) return { outcome: 'mismatch' };
      return { outcome: 'replayed', attempt: retainedRow(statement.attemptById.get(claimed.attempt_id) as AttemptColumns) };
    }
    const best = statement.dayBest.get(attempt.date, attempt.agentId) as DayBest | undefined;
    if (best && best.attempts >= limit) return { outcome: 'limit-reached' };
    const number = (best?.attempts ?? 0) + 1;
    const finished = attempt.reachedExit ? 1 : 0;
    statement.claim.run(claim.keyDigest, claim.fingerprint, attempt.id);
    statement.insertAttempt.run(columnsOf(attempt, number));
    if (best === undefined) statement.firstDayBest.run(attempt.date, attempt.agentId, attempt.score, attempt.id, attempt.createdAt, finished);
    else statement.laterDayBest.run({ finished, score: attempt.score, id: attempt.id, createdAt: attempt.createdAt, date: attempt.date, agentId: attempt.agentId });
    const newFinisher = finished === 1 && (best === undefined || best.finished === 0) ? 1 : 0;
    statement.dayCounts.run(attempt.date, best === undefined ? 1 : 0, newFinisher);
    const gain = best === undefined ? attempt.score : Math.max(attempt.score - best.best_score, 0);
    const entrant = statement.raiseSeasonTotal.run(gain, best === undefined ? 1 : 0, attempt.agentId).changes === 0;
    if (entrant) statement.firstSeasonTotal.run(attempt.agentId, gain);
    statement.totals.run(entrant ? 1 : 0);
    return { outcome: 'retained', attempt: { ...attempt, number } };
  });

  return {
    async agentByKeyDigest(keyDigest) {
      const row = statement.agentByKey.get(keyDigest) as { id: string; handle: string; display_name: string; model: string | null; sent_by: string | null } | undefined;
      return row && ({ id: row.id, handle: row.handle, displayName: row.display_name, model: row.model, sentBy: row.sent_by } satisfies LedgerAgent);
    },
    retain: (attempt, claim, limit) => inTurn(() => retainNow(attempt, claim, limit)),
    addAgent: (agent: RegisteredAgent) => inTurn(() => void statement.addAgent.run(agent)),
    async close() {
      db.close();
    },
  };
}
