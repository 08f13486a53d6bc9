import * as v from 'valibot';
import type { ArenaContext } from '../context.ts';
import { encodeBase64Url } from '../crypto/base64url.ts';
import { preferredType } from '../http/accept.ts';
import { CACHE, isHeld } from '../http/cache.ts';
import { defineRoute, type Connection } from '../http/route.ts';
import { heldBody, OpenAnswers } from '../http/open-answers.ts';
import { HttpError } from '../http/problem.ts';
import { memorySlot } from '../instance-memory.ts';
import { readableDay } from '../league/readable-day.ts';
import type { AttemptRecord, StoredAttempt } from '../league/records.ts';
import type { ProposalSummary } from '../rules/records.ts';
import type { TopicRecord } from '../social/records.ts';
import { publicProposal } from '../rules/present.ts';
import { objectMessages } from '../schema/object-messages.ts';
import { publicReply, publicTopic } from '../social/present.ts';
import { isUtcDate, utcDate } from '../time/utc-day.ts';
import { withResultText } from '../league/attempt-results.ts';
import { attemptLines } from './attempt-line.ts';
import { CSV_LINE_END, csvRow } from './csv.ts';
import { datasetDescription, DatasetDescriptionSchema, ATTEMPT_COLUMNS, EXPORT_FORMAT } from './dataset.ts';
import { everyPage, pagedLines, type PagedLinesOptions } from './lines.ts';
import { EXPORT_TURNS } from './turns.ts';

/** Records read from the store per page of an export: one page is all an export holds at a time. */
export const EXPORT_PAGE = 200;
const OPEN_EXPORTS = memorySlot('the exports under way on this instance, by client', () => new OpenAnswers());

const NDJSON = 'application/x-ndjson';
const CSV = 'text/csv';

const AttemptExportQuerySchema = v.object(
  {
    date: v.optional(
      v.pipe(
        v.string('must be a date, given once'),
        v.check(isUtcDate, 'must be a UTC date, YYYY-MM-DD'),
        v.metadata({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'One UTC day; without it, the whole season' }),
      ),
    ),
  },
  objectMessages(['date'], 'query parameters'),
);

/** One attempt as a row of the attempts table: its record and declaration, without the nested result. */
function attemptRow(attempt: StoredAttempt): string {
  const who = JSON.parse(attempt.declarationJson) as AttemptRecord['declaration'];
  return csvRow([
    attempt.id,
    attempt.agentId,
    attempt.kind,
    attempt.challengeId,
    attempt.date,
    attempt.number,
    attempt.actions,
    attempt.score,
    attempt.reachedExit,
    attempt.benchmark,
    attempt.checksum,
    attempt.receiptToken,
    who.handle,
    who.displayName,
    who.model,
    who.sentBy,
    attempt.createdAt,
  ]);
}

/** `GET /api/exports/attempts`: a day's retained attempts, or the season's, as NDJSON or CSV. */
async function attemptsExport(arena: ArenaContext, request: Request, connection: Connection, date: string | undefined): Promise<Response> {
  const type = preferredType(request.headers.get('accept'), [NDJSON, CSV]);
  const day = date === undefined ? undefined : readableDay(arena, date, 'attempts');
  const filter = day === undefined ? {} : { date: day };
  const list = (after: string | undefined) => arena.store.listStoredAttempts(filter, { limit: EXPORT_PAGE, after });
  // NDJSON sends each result: those not stored are played again; CSV sends none.
  const listWhole = async (after: string | undefined) => {
    const page = await list(after);
    return { ...page, items: await withResultText(arena, page.items) };
  };
  const header = type === CSV ? [`${csvRow(ATTEMPT_COLUMNS)}${CSV_LINE_END}`] : [];
  // A day that is over changes no more: its export is the same bytes each time, so it can be tagged and kept.
  const closed = day !== undefined && day < utcDate(arena.now());
  const tag = closed ? await closedDayTag(arena, day, type) : undefined;
  if (tag && isHeld(request.headers.get('if-none-match'), tag)) {
    return new Response(null, { status: 304, headers: { etag: tag, 'cache-control': `public, max-age=${CACHE.permanent.maxAge * 24}`, vary: 'Accept' } });
  }
  const lines = (options: PagedLinesOptions) =>
    type === CSV ? pagedLines(list, attemptRow, { ...options, ending: CSV_LINE_END }) : pagedLines(listWhole, attemptLines(arena), options);
  const response = exportResponse(arena, { request, connection }, (options) => prepend(header, lines(options)), type, tag);
  // NDJSON or CSV, by Accept: a cache keeps the two apart.
  response.headers.set('vary', 'Accept');
  return response;
}

/** `GET /api/exports/topics`: every topic, newest first, with all its replies, oldest first. */
function topicsExport(arena: ArenaContext, asked: Asked): Response {
  const list = (after: string | undefined) => arena.store.listTopics({}, { limit: EXPORT_PAGE, after });
  const line = async (topic: TopicRecord) => {
    const replies = [];
    for await (const page of everyPage((after) => arena.store.listReplies(topic.id, { limit: EXPORT_PAGE, after }))) replies.push(...page.map(publicReply));
    return JSON.stringify({ ...publicTopic(topic, arena.basePath), replies });
  };
  return exportResponse(arena, asked, (options) => pagedLines(list, line, options), NDJSON);
}

/** `GET /api/exports/proposals`: every proposal with its revisions, reviews and status log. */
function proposalsExport(arena: ArenaContext, asked: Asked): Response {
  const list = (after: string | undefined) => arena.store.listProposals({}, { limit: EXPORT_PAGE, after });
  const line = async (summary: ProposalSummary) => {
    const proposal = await arena.store.proposalByNumber(summary.number);
    return JSON.stringify(publicProposal(proposal!, arena.basePath));
  };
  return exportResponse(arena, asked, (options) => pagedLines(list, line, options), NDJSON);
}

/** `GET /api/exports/arrivals`: every check-in in its public form (no client digest is ever published). */
function arrivalsExport(arena: ArenaContext, asked: Asked): Response {
  const list = (after: string | undefined) => arena.store.listArrivals({ limit: EXPORT_PAGE, after });
  return exportResponse(arena, asked, (options) => pagedLines(list, (arrival) => JSON.stringify(arrival), options), NDJSON);
}

/** The request an export answers, and its connection (whose client address its bound counts). */
interface Asked {
  request: Request;
  connection: Connection;
}

/**
 * An export's answer: its body made as the client reads it, taking the instance's turns where
 * requests share work, at most `exportsPerClient` of them open for one client, and all its
 * work dropped the moment its client goes.
 */
function exportResponse(arena: ArenaContext, { request, connection }: Asked, body: (options: PagedLinesOptions) => AsyncGenerator<string>, type: string, tag?: string): Response {
  const { exportsPerClient } = arena.settings;
  const lease = arena.memory
    .get(OPEN_EXPORTS)
    .acquire(connection.clientAddress ?? 'unknown', { perClient: exportsPerClient, inAll: Number.POSITIVE_INFINITY }, arena.metrics.exportOpened);
  if (typeof lease === 'string') {
    throw new HttpError('rate-limited', `this client already has ${exportsPerClient} exports under way, the most one client may; let one finish, or try again later`, {
      headers: { 'retry-after': '30' },
    });
  }
  const turns = arena.settings.sharedWork ? arena.memory.get(EXPORT_TURNS) : undefined;
  const base = arena.baseUrlOf(request);
  const headers = new Headers({
    'content-type': type === CSV ? 'text/csv; charset=utf-8; header=present' : `${NDJSON}; charset=utf-8`,
    link: `<${base}/api/exports>; rel="describedby"`,
    'cache-control': tag ? `public, max-age=${CACHE.permanent.maxAge * 24}` : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (tag) headers.set('etag', tag);
  const stream = heldBody(
    request,
    lease,
    (signal) => body({ turns, signal }),
    (error) => arena.report({ what: 'an export failed while it was streamed', error }),
  );
  return new Response(stream, { headers });
}

/**
 * A closed day's tag: the day, its count of attempts (so a late retained attempt changes it),
 * the format, where its receipts link their keys (the public origin and base path), and the export's format version.
 */
async function closedDayTag(arena: ArenaContext, day: string, type: string): Promise<string> {
  const { attemptCount } = await arena.store.dayCounts(day);
  const identity = new TextEncoder().encode(`attempts|${day}|${attemptCount}|${type}|${arena.publicBase}|${EXPORT_FORMAT}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', identity));
  return `"${encodeBase64Url(digest.subarray(0, 18))}"`;
}

async function* prepend(first: readonly string[], rest: AsyncIterable<string>): AsyncGenerator<string> {
  yield* first;
  yield* rest;
}

const exportOf = <O extends string>(path: string, operationId: O, summary: string, handle: (arena: ArenaContext, asked: Asked) => Response) =>
  defineRoute({
    method: 'GET',
    path,
    operationId,
    summary,
    responds: { type: NDJSON, description: 'One JSON record a line (NDJSON), streamed from the store a page at a time', problems: ['rate-limited'] },
    handle: ({ request, connection }, arena) => handle(arena, { request, connection }),
  });

export const exportRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/exports',
    operationId: 'getDatasetDescription',
    cache: CACHE.published,
    summary: 'The open data: every export, its format and fields, the licence the operator offers it under, and how to verify each record offline',
    responds: { body: DatasetDescriptionSchema },
    handle: ({ request }, arena) => datasetDescription(arena.baseUrlOf(request), arena.settings.dataLicence),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/exports/attempts',
    operationId: 'exportLeagueAttempts',
    summary: 'A day’s retained attempts (or the whole season’s), each with its result and receipt, as NDJSON; the attempts table as CSV with Accept: text/csv',
    query: AttemptExportQuerySchema,
    responds: {
      type: [NDJSON, CSV],
      description:
        'NDJSON: one LeagueAttempt a line, newest first. CSV (Accept: text/csv): the attempts table, a header row first, without the nested result. A day that is over carries a strong ETag.',
      problems: ['not-found', 'rate-limited'],
    },
    handle: ({ request, connection, query }, arena) => attemptsExport(arena, request, connection, query.date),
  }),
  exportOf('/api/exports/topics', 'exportTopics', 'Every Clubhouse topic with all its replies, as NDJSON, newest topic first', topicsExport),
  exportOf('/api/exports/proposals', 'exportProposals', 'Every Rules Desk proposal with its revisions, reviews and status log, as NDJSON, newest first', proposalsExport),
  exportOf('/api/exports/arrivals', 'exportArrivals', 'Every Arrival Hall check-in in its public form, as NDJSON, newest first', arrivalsExport),
];
