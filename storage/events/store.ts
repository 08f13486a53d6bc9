/**
 * The events' part of the store: reads only, by id range, through the primary key or the index
 * of the filter that is set (events_by_kind, events_by_agent), and the records' own events
 * through each table's `…_by_event` (./record-events.ts). On PostgreSQL each read also looks at the
 * snapshot it ran in, and gives no event past the settled id (./settled-horizon.ts).
 */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { EventIds, EventStore } from '../../core/events/store.ts';
import type { EventFilter, EventRecord } from '../../core/events/records.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';
import type { DialectFamily } from '../shared/family.ts';
import { newestEventId, RECORD_EVENT_KINDS, RECORD_EVENTS, recordEventsAfter } from './record-events.ts';
import type { EventNotices } from './notices.ts';
import { SettledHorizon } from './settled-horizon.ts';
import type { EventsTable } from './tables.ts';

/** How soon a reader looks again while events wait to settle: about a commit's time. */
const SETTLE_AGAIN_MS = 5;

export function eventStore(db: Kysely<Database>, family: DialectFamily, notices?: EventNotices): EventStore {
  /**
   * The events table's page and each record kind's own (./record-events.ts), each limited, merged
   * in id order; a side the filter leaves out is not read.
   */
  const page = (after: number, { kinds, agentId }: EventFilter, limit: number): RawBuilder<Selectable<EventsTable>> => {
    const sides: RawBuilder<Selectable<EventsTable>>[] = [];
    const rowKinds = kinds?.filter((kind) => !RECORD_EVENT_KINDS.has(kind));
    if (rowKinds === undefined || rowKinds.length > 0) {
      let rows = db.selectFrom('events').selectAll().where('id', '>', after);
      // Until an upgrade on PostgreSQL is finished, the events table repeats the records' events (migration 0014).
      rows = rowKinds === undefined ? rows.where('kind', 'not in', [...RECORD_EVENT_KINDS]) : rows.where('kind', 'in', rowKinds);
      if (agentId !== undefined) rows = rows.where('agent_id', '=', agentId);
      // Embedded, a query is parenthesised, which is no statement of its own: it is selected from.
      sides.push(sql`SELECT * FROM (${rows.orderBy('id').limit(limit)}) r ORDER BY id`);
    }
    for (const record of RECORD_EVENTS) {
      if (kinds !== undefined && !kinds.includes(record.kind)) continue;
      const side = recordEventsAfter(record, after, agentId, limit);
      if (side !== undefined) sides.push(side);
    }
    if (sides.length === 0) return sql`SELECT * FROM events WHERE 1 = 0`;
    return merged(sides, limit);
  };
  const newestOf = () => sql<{ latest: number | string | null }>`SELECT ${sql.raw(newestEventId(family))} AS latest`;

  if (family !== 'postgres') {
    return {
      async eventsAfter(after, filter, limit) {
        return (await page(after, filter, limit).execute(db)).rows.map(toEvent);
      },
      async eventIds() {
        const [row] = (await newestOf().execute(db)).rows;
        const newest = row?.latest == null ? 0 : asNumber(row.latest);
        return { newest, settled: newest };
      },
    };
  }

  const horizon = new SettledHorizon();
  const wakes = new Set<() => void>();
  let again: ReturnType<typeof setTimeout> | undefined;
  /** While a look waits to settle, streams are woken to look again soon, whether or not a write tells them. */
  const settleLater = () => {
    if (!horizon.unsettled || again !== undefined || wakes.size === 0) return;
    again = setTimeout(() => {
      again = undefined;
      for (const wake of wakes) wake();
    }, SETTLE_AGAIN_MS);
  };
  /**
   * One statement: the events after `after`, the newest id and the snapshot they were read in,
   * then every session's transaction (read after the snapshot, as the settled horizon needs).
   */
  async function look(after: number, filter: EventFilter, limit: number): Promise<{ records: EventRecord[]; ids: EventIds }> {
    const { rows } = await sql<{ snapshot: string; running: string[]; newest: string | number | null; page: Selectable<EventsTable>[] }>`SELECT
        pg_current_snapshot()::text AS snapshot,
        ${sql.raw(newestEventId(family))} AS newest,
        (SELECT COALESCE(json_agg(p ORDER BY p.id), '[]'::json) FROM (${page(after, filter, limit)}) p) AS page,
        (SELECT COALESCE(json_agg(backend_xid::text), '[]'::json) FROM pg_stat_activity WHERE backend_xid IS NOT NULL) AS running`.execute(db);
    const { snapshot, running, newest: newestText, page: events } = rows[0]!;
    const newest = newestText == null ? 0 : asNumber(newestText);
    const settled = horizon.observe({ newest, snapshot, running });
    settleLater();
    return { records: events.filter((event) => asNumber(event.id) <= settled).map(toEvent), ids: { newest, settled } };
  }
  /**
   * A look's newest id settles only at a later look: when one leaves newer events unsettled and
   * its page has room for them, a second follows at once, so a read after the writes have ended
   * gives all they wrote.
   */
  async function lookSettling(after: number, filter: EventFilter, limit: number) {
    const first = await look(after, filter, limit);
    return first.ids.settled < first.ids.newest && first.records.length < Math.max(limit, 1) ? await look(after, filter, limit) : first;
  }
  return {
    eventsAfter: async (after, filter, limit) => (await lookSettling(after, filter, limit)).records,
    eventIds: async () => (await lookSettling(0, {}, 0)).ids,
    // Without notices (a pool of one connection) streams are still woken to look again while events settle.
    watchEvents(wake) {
      wakes.add(wake);
      notices?.watch(wake);
    },
  };
}

/** D1 takes at most five terms in one compound SELECT; a union of more is nested in groups. */
const MOST_TERMS = 4;

/** The first `limit` rows of `sides` (each in id order, each at most `limit` long), in id order. */
function merged(sides: RawBuilder<Selectable<EventsTable>>[], limit: number): RawBuilder<Selectable<EventsTable>> {
  if (sides.length === 1) return sides[0]!;
  if (sides.length > MOST_TERMS) {
    const groups: RawBuilder<Selectable<EventsTable>>[] = [];
    for (let start = 0; start < sides.length; start += MOST_TERMS) groups.push(merged(sides.slice(start, start + MOST_TERMS), limit));
    return merged(groups, limit);
  }
  // Each side is wrapped: a compound SELECT takes no ORDER BY or LIMIT of its own on SQLite.
  const union = sql.join(
    sides.map((side, index) => sql`SELECT * FROM (${side}) ${sql.raw(`s${index}`)}`),
    sql` UNION ALL `,
  );
  return sql`SELECT * FROM (${union}) e ORDER BY id LIMIT ${limit}`;
}

function toEvent(row: Selectable<EventsTable>): EventRecord {
  return { id: asNumber(row.id), kind: row.kind, subject: row.subject, part: row.part, agentId: row.agent_id, at: row.at };
}
