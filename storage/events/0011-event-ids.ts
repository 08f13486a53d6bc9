/**
 * PostgreSQL's event ids of migration 0011: from a sequence, no longer from the one-row counter
 * of 0008 that every writing transaction held locked while it committed, one at a time.
 *
 * A sequence hands out ids without waiting, so two transactions may commit in the other order
 * than their ids: a reader could see id N+1 before N is committed. The triggers still take the
 * id at commit (deferred), which keeps that window to the commit itself, and the store reads
 * only up to the id below which nothing can still appear (./settled-horizon.ts). SQLite and D1
 * have one writer at a time and keep their rowid.
 */
import type { DialectFamily } from '../shared/family.ts';
import { createTriggers } from '../shared/migration-sql.ts';
import { eventTriggers } from './0008-triggers.ts';

/** The next id follows the counter's last and every id given. */
const SEQUENCE = [
  'CREATE SEQUENCE IF NOT EXISTS event_ids AS bigint',
  `SELECT setval('event_ids', GREATEST(
      COALESCE((SELECT last_id FROM event_counter WHERE id = 1), 0),
      COALESCE((SELECT MAX(id) FROM events), 0)
    ) + 1, false)`,
];

export function eventIdsUp(family: DialectFamily): string[] {
  if (family === 'sqlite') return [];
  return [...SEQUENCE, ...createTriggers(family, eventTriggers(family, 'sequence')), 'DROP TABLE IF EXISTS event_counter'];
}

/** Back to 0008's counter, which carries on from the sequence's last id. */
export function eventIdsDown(family: DialectFamily): string[] {
  if (family === 'sqlite') return [];
  return [
    `CREATE TABLE IF NOT EXISTS event_counter (
      id integer PRIMARY KEY CHECK (id = 1),
      last_id bigint NOT NULL DEFAULT 0
    )`,
    `INSERT INTO event_counter (id, last_id) VALUES (1, (SELECT COALESCE(MAX(id), 0) FROM events)) ON CONFLICT (id) DO NOTHING`,
    ...createTriggers(family, eventTriggers(family, 'counter')),
    'DROP SEQUENCE IF EXISTS event_ids',
  ];
}
