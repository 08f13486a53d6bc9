/**
 * Migration 0004: durable writes remember the request that made them, and Idempotency-Keys are
 * kept only as digests.
 *
 * - Every table a durable write inserts into gets `request_digest` (unique), so a retry whose
 *   first answer was lost (the process died between the write and keeping its answer) finds the
 *   rows it wrote instead of writing again. A status change writes no row of its own: the
 *   UPDATE sets `proposals.status_request_digest`, and the status trigger copies it into the
 *   change's log entry.
 * - `idempotency_records` replaces `idempotency_keys`, which held each key as sent: a key a
 *   client derived from a secret was a copy of that secret. The open records are carried over
 *   under the digest of their scope and key (computed here, as the core computes it), then the
 *   old table is dropped.
 *
 * Every step may run twice (a second process migrating at the same time, or a run that stopped
 * halfway): columns are added only when missing, the rest is `IF NOT EXISTS` or `ON CONFLICT`.
 */
import { sql, type Kysely } from 'kysely';
import { idempotencyKeyDigest } from '../../core/http/idempotency.ts';
import type { DialectFamily } from '../shared/family.ts';
import { leagueTables } from '../league/0001-tables.ts';
import { STATUSES_0002, statusColumn } from '../rules/0002-tables.ts';
import { addColumn, moveDeltas, runEach, updateTotals, type AddToTotals } from '../shared/migration-sql.ts';

const KEYED_TABLES = [
  'agents',
  'attempts',
  'clubhouse_members',
  'clubhouse_topics',
  'clubhouse_replies',
  'proposals',
  'proposal_revisions',
  'proposal_reviews',
  'proposal_status_log',
  'arrivals',
] as const;

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  for (const table of KEYED_TABLES) {
    await addColumn(db, family, table, 'request_digest', 'text');
    await sql.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}_request ON ${table} (request_digest)`).execute(db);
  }
  await addColumn(db, family, 'proposals', 'status_request_digest', 'text');
  await runEach(db, statusTrigger(family, true));
  await runEach(db, idempotencyRecords(family));
  await carryOverIdempotencyKeys(db);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, statusTrigger(family, false));
  // The digests cannot be turned back into keys: the old table comes back empty.
  await runEach(db, [...oldIdempotencyKeys(family), 'DROP TABLE IF EXISTS idempotency_records']);
  for (const table of KEYED_TABLES) await sql.raw(`DROP INDEX IF EXISTS ${table}_request`).execute(db);
  for (const table of KEYED_TABLES) await sql.raw(`ALTER TABLE ${table} DROP COLUMN request_digest`).execute(db);
  await sql.raw('ALTER TABLE proposals DROP COLUMN status_request_digest').execute(db);
}

/**
 * The status trigger of migration 0002, its log entry now carrying the change's request digest
 * (`withDigest`), or as 0002 wrote it (for `down`); `add` says how it moves the totals (in
 * place, or as pending shares from 0011 on PostgreSQL).
 */
export function statusTrigger(family: DialectFamily, withDigest: boolean, add: AddToTotals = updateTotals): string[] {
  const digestColumn = withDigest ? ', request_digest' : '';
  const digestValue = withDigest ? ', NEW.status_request_digest' : '';
  const logEntry = `INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at${digestColumn})
    VALUES (NEW.number, NEW.status_changes, OLD.status, NEW.status, NEW.status_reason, NEW.status_changed_at${digestValue})`;
  const counts = add('rules_totals', moveDeltas(family, STATUSES_0002, statusColumn, 'NEW.status', 'OLD.status'));
  if (family === 'sqlite') {
    return [
      'DROP TRIGGER IF EXISTS rules_status_changed',
      `CREATE TRIGGER IF NOT EXISTS rules_status_changed AFTER UPDATE OF status ON proposals FOR EACH ROW
  BEGIN
    ${logEntry};
    ${counts};
  END`,
    ];
  }
  return [
    `CREATE OR REPLACE FUNCTION rules_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${logEntry};
    ${counts};
    RETURN NULL;
  END $$`,
  ];
}

function idempotencyRecords(family: DialectFamily): string[] {
  const millis = family === 'postgres' ? 'bigint' : 'integer';
  return [
    `CREATE TABLE IF NOT EXISTS idempotency_records (
      key_digest text PRIMARY KEY,
      fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN ('in-flight', 'completed')),
      claimed_at ${millis} NOT NULL,
      expires_at ${millis} NOT NULL,
      status integer,
      headers text,
      body text
    )`,
    `CREATE INDEX IF NOT EXISTS idempotency_records_expiry ON idempotency_records (expires_at)`,
  ];
}

/** Migration 0001's table and index, as 0001 made them, for `down`. */
function oldIdempotencyKeys(family: DialectFamily): string[] {
  return leagueTables(family).filter((statement) => statement.includes(' idempotency_keys'));
}

/**
 * Moves the open records of `idempotency_keys` under their digests, then drops that table. A
 * process migrating beside this one may drop it first: then its records are already moved.
 */
async function carryOverIdempotencyKeys(db: Kysely<any>): Promise<void> {
  const exists = async () => (await db.introspection.getTables()).some((table) => table.name === 'idempotency_keys');
  if (!(await exists())) return;
  let rows: Record<string, any>[];
  try {
    rows = await db.selectFrom('idempotency_keys').selectAll().execute();
  } catch (error) {
    if (await exists()) throw error;
    return;
  }
  for (const { scope, key, ...record } of rows) {
    await db
      .insertInto('idempotency_records')
      .values({ key_digest: idempotencyKeyDigest(scope, key), ...record })
      .onConflict((oc) => oc.column('key_digest').doNothing())
      .execute();
  }
  await sql.raw('DROP TABLE IF EXISTS idempotency_keys').execute(db);
}
