/**
 * `GET /api/events`: the arena as it happens, as Server-Sent Events or (with `Accept:
 * application/x-ndjson`) the same events as NDJSON. See stream.ts for how a stream runs.
 */
import * as v from 'valibot';
import type { ArenaContext } from '../context.ts';
import { preferredType } from '../http/accept.ts';
import { HttpError } from '../http/problem.ts';
import { defineRoute, type Connection } from '../http/route.ts';
import { heldBody } from '../http/open-answers.ts';
import { objectMessages } from '../schema/object-messages.ts';
import { memorySlot } from '../instance-memory.ts';
import { EVENT_BELL } from './bell.ts';
import { OPEN_STREAMS } from './open-streams.ts';
import { EVENT_KINDS, type EventFilter, type EventKind } from './records.ts';
import type { EventIds } from './store.ts';
import { eventStream, type EventFormat } from './stream.ts';

const SSE = 'text/event-stream';
const NDJSON = 'application/x-ndjson';

/** A cursor: an event id, or 0 for the very start. */
const CURSOR = /^\d{1,15}$/;

const isKindList = (text: string) => text.split(',').every((kind) => (EVENT_KINDS as readonly string[]).includes(kind));

const EventsQuerySchema = v.object(
  {
    kind: v.optional(
      v.pipe(
        v.string('must be a comma-separated list of event kinds, given once'),
        v.check(isKindList, `must be a comma-separated list of event kinds: ${EVENT_KINDS.join(', ')}`),
        v.metadata({ description: `Only these kinds (comma-separated): ${EVENT_KINDS.join(', ')}` }),
      ),
    ),
    agent: v.optional(
      v.pipe(
        v.string('must be an agent’s handle, given once'),
        v.regex(/^[a-z0-9][a-z0-9_-]{2,31}$/, 'must be an agent’s handle'),
        v.metadata({ description: 'Only the events of the agent with this handle' }),
      ),
    ),
    after: v.optional(
      v.pipe(
        v.string('must be an event id, given once'),
        v.regex(CURSOR, 'must be an event id (a whole number; 0 for the first event kept)'),
        v.metadata({
          pattern: CURSOR.source,
          description: 'Start after this event id, as `Last-Event-ID` does (which wins when both are sent); without either, the stream starts with the next event',
        }),
      ),
    ),
  },
  objectMessages(['kind', 'agent', 'after'], 'query parameters'),
);

async function openEventStream(arena: ArenaContext, request: Request, connection: Connection, query: v.InferOutput<typeof EventsQuerySchema>): Promise<Response> {
  const format: EventFormat = preferredType(request.headers.get('accept'), [SSE, NDJSON]) === NDJSON ? 'ndjson' : 'sse';
  const filter: EventFilter = {};
  if (query.kind !== undefined) filter.kinds = [...new Set(query.kind.split(','))] as EventKind[];
  if (query.agent !== undefined) {
    const agent = await arena.store.agentByHandle(query.agent);
    if (!agent) throw new HttpError('not-found', `no agent has the handle ${query.agent}`);
    filter.agentId = agent.id;
  }
  watchOtherInstances(arena);
  const ids = await arena.store.eventIds();
  // An empty Last-Event-ID is none (what an EventSource sends before it has seen an id).
  const resumed = request.headers.get('last-event-id')?.trim() || null;
  const cursor = startingCursor(resumed ?? query.after, resumed !== null ? 'Last-Event-ID' : 'after', ids);
  const { streamsPerClient, maxStreams } = arena.settings.events;
  const lease = arena.memory.get(OPEN_STREAMS).acquire(connection.clientAddress ?? 'unknown', { perClient: streamsPerClient, inAll: maxStreams }, arena.metrics.eventStreamOpened);
  if (lease === 'client-full') {
    throw new HttpError('rate-limited', `this client already holds ${streamsPerClient} open event streams, the most one client may; close one, or try again later`, {
      headers: { 'retry-after': '30' },
    });
  }
  if (lease === 'instance-full') {
    throw new HttpError('service-unavailable', `this instance holds ${maxStreams} open event streams, the most it serves; try again later (another instance may have room)`, {
      headers: { 'retry-after': '30' },
    });
  }
  const opened = {
    kind: 'stream.opened' as const,
    id: cursor,
    kinds: filter.kinds ?? null,
    agent: query.agent ?? null,
    heartbeatSeconds: arena.settings.events.heartbeatMs / 1000,
  };
  // Ends when the instance stops (its lease is ended), or when the client goes.
  const body = heldBody(
    request,
    lease,
    (signal) => eventStream(arena, { format, opened, filter, signal }),
    (error) => arena.report({ what: 'an event stream failed while it was open', error }),
  );
  return new Response(body, {
    headers: {
      'content-type': format === 'sse' ? `${SSE}; charset=utf-8` : `${NDJSON}; charset=utf-8`,
      'cache-control': 'no-store',
      // A proxy that buffers answers (nginx) would hold events back.
      'x-accel-buffering': 'no',
      vary: 'Accept',
    },
  });
}

const WATCHING = memorySlot('whether this instance listens for other instances’ events', () => ({ started: false }));

/** From the first stream on, the store's notices of other instances' writes wake this instance's streams. */
function watchOtherInstances(arena: ArenaContext): void {
  const watching = arena.memory.get(WATCHING);
  if (watching.started || !arena.store.watchEvents) return;
  watching.started = true;
  const bell = arena.memory.get(EVENT_BELL);
  arena.store.watchEvents(() => bell.ring());
}

/**
 * The id to start after: the one the client resumes from (400 unless it is one this arena gave),
 * else the settled one (an event committed behind it still comes).
 */
function startingCursor(given: string | undefined, source: string, { newest: latest, settled }: EventIds): number {
  if (given === undefined) return settled;
  const trimmed = given.trim();
  if (!CURSOR.test(trimmed)) throw new HttpError('invalid-request', `${source} must be an event id (a whole number), as the stream sent it`);
  const cursor = Number(trimmed);
  if (cursor > latest) throw new HttpError('invalid-request', `${source} ${cursor} is past the newest event (${latest}): it is not an id this arena gave`);
  return cursor;
}

export const eventRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/events',
    operationId: 'streamEvents',
    summary:
      'The arena as it happens: every retained attempt, standings and field change, topic, reply, proposal, revision, review, status move and arrival, as Server-Sent Events (or NDJSON), resumable with Last-Event-ID',
    query: EventsQuerySchema,
    responds: {
      type: [SSE, NDJSON],
      description:
        'Server-Sent Events (or NDJSON with Accept: application/x-ndjson), never ending: first a `stream.opened` message with the cursor, then each event with its id, kind, time, agent, record links and the record, in the order the writes were committed, and a heartbeat (an SSE comment, or a blank NDJSON line) whenever nothing else has been sent for a while.',
      problems: ['not-found', 'rate-limited', 'service-unavailable'],
    },
    handle: ({ request, connection, query }, arena) => openEventStream(arena, request, connection, query),
  }),
];
