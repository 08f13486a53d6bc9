/**
 * The events' part of the store: reads only, by id range, through the primary key or the index
 * of the filter that is set (events_by_kind, events_by_agent).
 */
import type { Kysely, Selectable } from 'kysely';
import type { EventStore } from '../../core/events/store.ts';
import type { EventRecord } from '../../core/events/records.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';
import type { EventsTable } from './tables.ts';

export function eventStore(db: Kysely<Database>): EventStore {
  return {
    async eventsAfter(after, { kinds, agentId }, limit) {
      let query = db.selectFrom('events').selectAll().where('id', '>', after);
      if (kinds !== undefined) query = query.where('kind', 'in', kinds);
      if (agentId !== undefined) query = query.where('agent_id', '=', agentId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map(toEvent);
    },

    async latestEventId() {
      const row = await db
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('latest'))
        .executeTakeFirst();
      return row?.latest == null ? 0 : asNumber(row.latest);
    },
  };
}

function toEvent(row: Selectable<EventsTable>): EventRecord {
  return { id: asNumber(row.id), kind: row.kind, subject: row.subject, part: row.part, agentId: row.agent_id, at: row.at };
}
