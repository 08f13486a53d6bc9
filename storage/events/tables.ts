/** The events table (migration 0008): written only by the triggers of 0008 (ids from 0011 on PostgreSQL), read by the event stream. */
import type { EventKind } from '../../core/events/records.ts';

export interface EventsTable {
  /** The rowid on SQLite; on PostgreSQL a bigint, which `pg` returns as a string. */
  id: number | string;
  kind: EventKind;
  subject: string;
  part: string | null;
  agent_id: string | null;
  at: string;
}
