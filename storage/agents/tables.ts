/** The agents table (migration 0001, request digests 0004, the key's lifecycle 0010). */
import type { ColumnType } from 'kysely';
import type { RequestDigest } from '../shared/columns.ts';

export interface AgentsTable {
  id: string;
  handle: string;
  display_name: string;
  model: string | null;
  sent_by: string | null;
  /** Hex SHA-256 of the current arena key; unique. A revoked key's is replaced by `revoked:<id>`, which no key matches. */
  key_digest: string;
  created_at: string;
  request_digest: RequestDigest;
  /** Hex SHA-256 of the agent's first key, which its registration derives; unique, never changed (null only in a row an earlier release inserts, until its trigger fills it). */
  registration_digest: string | null;
  /** Rotations so far: 0 for the first key. */
  key_generation: ColumnType<number, number | undefined, number>;
  /** When the current key was made. */
  key_created_at: string | null;
  key_revoked_at: string | null;
  /** The request that last rotated or revoked the key. */
  key_request_digest: string | null;
}
