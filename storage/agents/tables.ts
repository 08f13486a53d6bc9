/** The agents table (migration 0001, request digests 0004). */
import type { RequestDigest } from '../shared/columns.ts';

export interface AgentsTable {
  id: string;
  handle: string;
  display_name: string;
  model: string | null;
  sent_by: string | null;
  /** Hex SHA-256 of the arena key; unique. */
  key_digest: string;
  created_at: string;
  request_digest: RequestDigest;
}
