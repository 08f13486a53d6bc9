/**
 * The events' part of the store: reads only, by id range, through the primary key or the index
 * of the filter that is set (events_by_kind, events_by_agent), and the attempts' own events
 * through `attempts_by_event` (./attempt-events.ts). On PostgreSQL each read also looks at the
 * snapshot it ran in, and gives no event past the settled id (./settled-horizon.ts).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { EventIds, EventStore } from '../../core/events/store.ts';
import type { EventFilter, EventRecord } from '../../core/events/records.ts';
import type { Database } from '../database.ts';
import { asNumber } from '../shared/columns.ts';
import type { DialectFamily } from '../shared/family.ts';
import { ATTEMPT_EVENT_KIND, attemptEventsAfter } from './attempt-events.ts';
import type { EventNotices } from './notices.ts';
import { inProgressHere, SettledHorizon } from './settled-horizon.ts';
import type { EventsTable } from './tables.ts';

/** How soon a reader looks again while events wait to settle: about a commit's time. */
const SETTLE_AGAIN_MS = 5;

export function eventStore(db: Kysely<Database>, family: DialectFamily, notices?: EventNotices): EventStore {
  /** The events table's page and the attempts' own, each limited, merged in id order. */
  const page = (after: number, { kinds, agentId }: EventFilter, limit: number) => {
    const rowKinds = kinds?.filter((kind) => kind !== ATTEMPT_EVENT_KIND);
    let rows = db.selectFrom('events').selectAll().where('id', '>', after);
    if (rowKinds !== undefined) rows = rows.where('kind', 'in', rowKinds);
    if (agentId !== undefined) rows = rows.where('agent_id', '=', agentId);
    const rowPage = rows.orderBy('id').limit(limit);
    if (kinds !== undefined && rowKinds!.length === kinds.length) return rowPage;
    const attemptPage = attemptEventsAfter(db, after, agentId, limit).$castTo<Selectable<EventsTable>>();
    if (rowKinds !== undefined && rowKinds.length === 0) return attemptPage;
    // Each side is wrapped: a compound SELECT takes no ORDER BY or LIMIT of its own on SQLite.
    const merged = db
      .selectFrom(rowPage.as('r'))
      .selectAll()
      .unionAll(db.selectFrom(attemptPage.as('a')).selectAll());
    return db.selectFrom(merged.as('e')).selectAll().orderBy('id').limit(limit);
  };
  /** The newest event id in either table. */
  const newestOf = () =>
    db.selectNoFrom(sql<number | string | null>`(SELECT MAX(newest) FROM (SELECT MAX(id) AS newest FROM events UNION ALL SELECT MAX(event_id) FROM attempts) n)`.as('latest'));

  if (family !== 'postgres') {
    return {
      async eventsAfter(after, filter, limit) {
        return (await page(after, filter, limit).execute()).map(toEvent);
      },
      async eventIds() {
        const row = await newestOf().executeTakeFirst();
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
   * One statement: the events after `after`, the newest id and the transactions in progress, in
   * one snapshot; and the write transactions of sessions in other databases on the server, which
   * cannot be holding an event id of this one.
   */
  async function look(after: number, filter: EventFilter, limit: number): Promise<{ records: EventRecord[]; ids: EventIds }> {
    const { rows } = await sql<{ snapshot: string; elsewhere: string[]; newest: string | number | null; page: Selectable<EventsTable>[] }>`SELECT
        pg_current_snapshot()::text AS snapshot,
        (SELECT COALESCE(json_agg(backend_xid::text), '[]'::json) FROM pg_stat_activity
          WHERE backend_xid IS NOT NULL AND datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database())) AS elsewhere,
        (${newestOf()}) AS newest,
        (SELECT COALESCE(json_agg(p ORDER BY p.id), '[]'::json) FROM (${page(after, filter, limit)}) p) AS page`.execute(db);
    const { snapshot, elsewhere, newest: newestText, page: events } = rows[0]!;
    const newest = newestText == null ? 0 : asNumber(newestText);
    const settled = horizon.observe({ newest, inProgress: inProgressHere(snapshot, elsewhere) });
    settleLater();
    return { records: events.filter((event) => asNumber(event.id) <= settled).map(toEvent), ids: { newest, settled } };
  }
  return {
    eventsAfter: async (after, filter, limit) => (await look(after, filter, limit)).records,
    eventIds: async () => (await look(0, {}, 0)).ids,
    // Without notices (a pool of one connection) streams are still woken to look again while events settle.
    watchEvents(wake) {
      wakes.add(wake);
      notices?.watch(wake);
    },
  };
}

function toEvent(row: Selectable<EventsTable>): EventRecord {
  return { id: asNumber(row.id), kind: row.kind, subject: row.subject, part: row.part, agentId: row.agent_id, at: row.at };
}
