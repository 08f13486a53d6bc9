/** The Arrival Hall's tables (migration 0002, request digests 0004). */
import type { RequestDigest } from '../shared/columns.ts';

export interface ArrivalsTable {
  id: string;
  /** UTC date of arrival. */
  date: string;
  /** HMAC of the client address: never read back out. */
  client_digest: string;
  /** 1 to the daily cap, unique per (date, client_digest). */
  number: number;
  user_agent_digest: string;
  handle: string | null;
  display_name: string;
  model: string;
  sent_by: string;
  source: string;
  purpose: string;
  arrived_at: string;
  request_digest: RequestDigest;
}

/** One row (`id` = 1): every arrival ever recorded, kept by the arrivals trigger. */
export interface ArrivalTotalsTable {
  id: number;
  arrivals: number;
}
