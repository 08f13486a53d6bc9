/**
 * Migration 0012: a league submit's Idempotency-Key is held by its attempt. The attempt keeps the
 * key's digest (unique), so a submit writes one row and no claim before it
 * (storage/league/retain-attempt.ts). Attempts written before keep none: their keys are held
 * by their idempotency records until those expire, as before.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import { addColumn } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await addColumn(db, family, 'attempts', 'key_digest', 'TEXT');
  await sql.raw('CREATE UNIQUE INDEX IF NOT EXISTS attempts_by_key ON attempts (key_digest)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS attempts_by_key').execute(db);
  await sql.raw('ALTER TABLE attempts DROP COLUMN key_digest').execute(db);
}
