/**
 * Idempotency-Key records, each under the digest of its scope and key (the key itself is never
 * stored). A claim is one conditional upsert: the row is written when the key is
 * new, or taken over when the existing record has expired, or when the same request (same
 * fingerprint) was left in flight for longer than `staleAfterMs` (it crashed); `RETURNING` says
 * whether this call wrote it. Otherwise a read reports the existing record. Completing and
 * releasing touch only the claim they name: its `claimed_at` tells it from a later takeover.
 */
import type { Kysely } from 'kysely';
import type { IdempotencyClaim, IdempotencyClaimRef, IdempotencyStore, StoredResponse } from '../../core/http/idempotency-store.ts';
import type { Database } from '../database.ts';
import { compiledOnce } from '../shared/compiled-once.ts';

export interface Claim {
  keyDigest: string;
  fingerprint: string;
  now: number;
  staleAfterMs: number;
  keepForMs: number;
}

/** The claim's upsert and the read of an existing record, compiled once per database: every durable write runs them. */
function idempotencyQueries(db: Kysely<Database>) {
  type ClaimSlot = 'keyDigest' | 'fingerprint' | 'now' | 'expiresAt' | 'staleBefore';
  const claim = compiledOnce(db, (slot: (name: ClaimSlot) => any) =>
    db
      .insertInto('idempotency_records')
      .values({
        key_digest: slot('keyDigest'),
        fingerprint: slot('fingerprint'),
        state: 'in-flight',
        claimed_at: slot('now'),
        expires_at: slot('expiresAt'),
        status: null,
        headers: null,
        body: null,
      })
      .onConflict((oc) =>
        oc
          .column('key_digest')
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
              eb('idempotency_records.expires_at', '<=', slot('now')),
              eb.and([
                eb('idempotency_records.state', '=', 'in-flight'),
                eb('idempotency_records.fingerprint', '=', slot('fingerprint')),
                eb('idempotency_records.claimed_at', '<', slot('staleBefore')),
              ]),
            ]),
          ),
      )
      .returning('claimed_at'),
  );
  const existing = compiledOnce(db, (slot: (name: 'keyDigest') => string) =>
    db.selectFrom('idempotency_records').select(['fingerprint', 'state', 'status', 'headers', 'body']).where('key_digest', '=', slot('keyDigest')),
  );
  type CompleteSlot = 'keyDigest' | 'claimedAt' | 'status' | 'headers' | 'body' | 'expiresAt';
  const complete = compiledOnce(db, (slot: (name: CompleteSlot) => any) =>
    db
      .updateTable('idempotency_records')
      .set({ state: 'completed', status: slot('status'), headers: slot('headers'), body: slot('body'), expires_at: slot('expiresAt') })
      .where('key_digest', '=', slot('keyDigest'))
      .where('state', '=', 'in-flight')
      .where('claimed_at', '=', slot('claimedAt')),
  );
  return { claim, existing, complete };
}

type IdempotencyQueries = ReturnType<typeof idempotencyQueries>;

export async function claimIdempotencyKey(queries: IdempotencyQueries, claim: Claim): Promise<IdempotencyClaim> {
  // A record released between the upsert and the read is gone: claim again (a release happens once).
  for (let round = 0; round < 3; round++) {
    const [written] = await queries.claim({
      keyDigest: claim.keyDigest,
      fingerprint: claim.fingerprint,
      now: claim.now,
      expiresAt: claim.now + claim.keepForMs,
      staleBefore: claim.now - claim.staleAfterMs,
    });
    if (written) return { state: 'claimed', claimedAt: Number(written.claimed_at) };
    const [existing] = await queries.existing({ keyDigest: claim.keyDigest });
    if (!existing) continue;
    if (existing.fingerprint !== claim.fingerprint) return { state: 'mismatch' };
    if (existing.state === 'in-flight') return { state: 'in-flight' };
    const response: StoredResponse = { status: Number(existing.status), headers: JSON.parse(existing.headers ?? '{}'), body: existing.body ?? '' };
    return { state: 'completed', response };
  }
  throw new Error(`the Idempotency-Key with digest ${claim.keyDigest} kept being released while it was claimed`);
}

export async function completeIdempotencyKey(queries: IdempotencyQueries, claim: IdempotencyClaimRef, response: StoredResponse, expiresAt: number): Promise<void> {
  await queries.complete({
    keyDigest: claim.keyDigest,
    claimedAt: claim.claimedAt,
    status: response.status,
    headers: JSON.stringify(response.headers),
    body: response.body,
    expiresAt,
  });
}

export async function releaseIdempotencyKey(db: Kysely<Database>, claim: IdempotencyClaimRef): Promise<void> {
  await db.deleteFrom('idempotency_records').where('key_digest', '=', claim.keyDigest).where('state', '=', 'in-flight').where('claimed_at', '=', claim.claimedAt).execute();
}

export async function purgeIdempotencyKeys(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('idempotency_records').where('expires_at', '<=', now).execute();
}

/** Idempotency-Key records' part of the store, bound to the database. */
export function idempotencyStore(db: Kysely<Database>): IdempotencyStore {
  const queries = idempotencyQueries(db);
  return {
    claimIdempotencyKey: (claim) => claimIdempotencyKey(queries, claim),
    completeIdempotencyKey: (claim, response, expiresAt) => completeIdempotencyKey(queries, claim, response, expiresAt),
    releaseIdempotencyKey: (claim) => releaseIdempotencyKey(db, claim),
    purgeIdempotencyKeys: (now) => purgeIdempotencyKeys(db, now),
  };
}
