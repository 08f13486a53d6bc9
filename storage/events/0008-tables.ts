/**
 * The events table of migration 0008, per family, with an index for each filter a reader may
 * set. Event ids must follow commit order, so that a reader who has seen id N never later finds
 * a smaller one committed behind it:
 * - SQLite (and D1) has one writer at a time, so its rowid, given at insert, already does;
 * - PostgreSQL commits concurrently, so ids come from a one-row counter that each writing
 *   transaction updates and holds locked until it commits (see 0008-triggers.ts).
 */
import type { DialectFamily } from '../shared/family.ts';
import { keyColumn } from '../shared/migration-sql.ts';

export function eventTables(family: DialectFamily): string[] {
  const key = keyColumn(family);
  const id = family === 'postgres' ? 'bigint PRIMARY KEY' : 'INTEGER PRIMARY KEY';
  return [
    `CREATE TABLE IF NOT EXISTS events (
      id ${id},
      kind text NOT NULL,
      subject ${key} NOT NULL,
      part text,
      agent_id ${key},
      at ${key} NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind, id)`,
    `CREATE INDEX IF NOT EXISTS events_by_agent ON events (agent_id, id)`,
    ...(family === 'postgres'
      ? [
          `CREATE TABLE IF NOT EXISTS event_counter (
      id integer PRIMARY KEY CHECK (id = 1),
      last_id bigint NOT NULL DEFAULT 0
    )`,
          `INSERT INTO event_counter (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
        ]
      : []),
  ];
}

/** Drops what `eventTables` creates. */
export const EVENT_TABLES_DOWN = ['DROP TABLE IF EXISTS event_counter', 'DROP TABLE IF EXISTS events'];
