/**
 * The statements of migration 0010 (see storage/migrations/0010-key-lifecycle.ts): an agent's
 * arena key can be rotated and revoked, so the key's digest is no longer who the agent is.
 *
 * - `registration_digest`: the digest of the agent's first key, which its registration (nonce or
 *   capability) derives; unique, and kept through every rotation. Rows before 0010 had only
 *   their first key, so it is their `key_digest`.
 * - `key_generation`, `key_created_at`, `key_revoked_at`: where the current key stands.
 * - `key_request_digest`: the request that last changed the key, so its retry finds the change.
 *
 * An instance of the previous release, during a rolling upgrade, inserts agents with none of
 * these: a trigger completes such a row as a first key, in the same statement.
 */
import type { Kysely } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import { addColumn, createTriggers, dropTriggers, runEach, type TriggerSpec } from '../shared/migration-sql.ts';

const COLUMNS = [
  ['registration_digest', 'text'],
  ['key_generation', 'integer NOT NULL DEFAULT 0'],
  ['key_created_at', 'text'],
  ['key_revoked_at', 'text'],
  ['key_request_digest', 'text'],
] as const;

const FIRST_KEY = 'registration_digest = NEW.key_digest, key_created_at = NEW.created_at';

const firstKeyOfEarlierRelease: TriggerSpec = {
  name: 'agents_first_key',
  table: 'agents',
  event: 'AFTER INSERT',
  when: 'NEW.registration_digest IS NULL',
  body: [`UPDATE agents SET ${FIRST_KEY} WHERE id = NEW.id`],
};

export async function keyLifecycleUp(db: Kysely<any>, family: DialectFamily): Promise<void> {
  for (const [column, type] of COLUMNS) await addColumn(db, family, 'agents', column, type);
  await runEach(db, [
    'UPDATE agents SET registration_digest = key_digest, key_created_at = created_at WHERE registration_digest IS NULL',
    'CREATE UNIQUE INDEX IF NOT EXISTS agents_registration ON agents (registration_digest)',
    ...createTriggers(family, [firstKeyOfEarlierRelease]),
  ]);
}

export async function keyLifecycleDown(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await runEach(db, [...dropTriggers(family, [firstKeyOfEarlierRelease]), 'DROP INDEX IF EXISTS agents_registration']);
  for (const [column] of [...COLUMNS].reverse()) await runEach(db, [`ALTER TABLE agents DROP COLUMN ${column}`]);
}
