/**
 * Idempotency-Key records. A claim is one conditional upsert: the row is written when the key is
 * new, or taken over when the existing record has expired, or when the same request (same
 * fingerprint) was left in flight for longer than `staleAfterMs` (it crashed); `RETURNING` says
 * whether this call wrote it. Otherwise a read reports the existing record. Completing and
 * releasing touch only the claim they name: its `claimed_at` tells it from a later takeover.
 */
import type { Kysely } from 'kysely';
import type { IdempotencyClaim, IdempotencyClaimRef, StoredResponse } from '../core/store/records.ts';
import type { Database } from './database.ts';

export interface Claim {
  scope: string;
  key: string;
  fingerprint: string;
  now: number;
  staleAfterMs: number;
  keepForMs: number;
}

export async function claimIdempotencyKey(db: Kysely<Database>, claim: Claim): Promise<IdempotencyClaim> {
  // A record released between the upsert and the read is gone: claim again (a release happens once).
  for (let round = 0; round < 3; round++) {
    const written = await db
      .insertInto('idempotency_keys')
      .values({
        scope: claim.scope,
        key: claim.key,
        fingerprint: claim.fingerprint,
        state: 'in-flight',
        claimed_at: claim.now,
        expires_at: claim.now + claim.keepForMs,
        status: null,
        headers: null,
        body: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'key'])
          .doUpdateSet((eb) => ({
            fingerprint: eb.ref('excluded.fingerprint'),
            state: 'in-flight',
            claimed_at: eb.ref('excluded.claimed_at'),
            expires_at: eb.ref('excluded.expires_at'),
            status: null,
            headers: null,
            body: null,
          }))
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', claim.now),
              eb.and([
                eb('idempotency_keys.state', '=', 'in-flight'),
                eb('idempotency_keys.fingerprint', '=', claim.fingerprint),
                eb('idempotency_keys.claimed_at', '<', claim.now - claim.staleAfterMs),
              ]),
            ]),
          ),
      )
      .returning('claimed_at')
      .executeTakeFirst();
    if (written) return { state: 'claimed', claimedAt: Number(written.claimed_at) };
    const existing = await db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'state', 'status', 'headers', 'body'])
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    if (!existing) continue;
    if (existing.fingerprint !== claim.fingerprint) return { state: 'mismatch' };
    if (existing.state === 'in-flight') return { state: 'in-flight' };
    const response: StoredResponse = { status: Number(existing.status), headers: JSON.parse(existing.headers ?? '{}'), body: existing.body ?? '' };
    return { state: 'completed', response };
  }
  throw new Error(`the Idempotency-Key ${claim.key} kept being released while it was claimed`);
}

export async function completeIdempotencyKey(db: Kysely<Database>, claim: IdempotencyClaimRef, response: StoredResponse, expiresAt: number): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'completed', status: response.status, headers: JSON.stringify(response.headers), body: response.body, expires_at: expiresAt })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('state', '=', 'in-flight')
    .where('claimed_at', '=', claim.claimedAt)
    .execute();
}

export async function releaseIdempotencyKey(db: Kysely<Database>, claim: IdempotencyClaimRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('state', '=', 'in-flight')
    .where('claimed_at', '=', claim.claimedAt)
    .execute();
}

export async function purgeIdempotencyKeys(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
}
