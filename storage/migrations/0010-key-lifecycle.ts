/**
 * Migration 0010: arena keys that can be rotated and revoked. The agent is found by the digest
 * of its first key (its registration's), and the current key's digest, generation, time and
 * revocation are kept beside it (storage/agents/0010-key-lifecycle.ts).
 */
import type { Kysely } from 'kysely';
import { keyLifecycleDown, keyLifecycleUp } from '../agents/0010-key-lifecycle.ts';
import type { DialectFamily } from '../shared/family.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await keyLifecycleUp(db, family);
}

export async function down(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await keyLifecycleDown(db, family);
}
