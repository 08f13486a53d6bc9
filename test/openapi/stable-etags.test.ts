/**
 * An ETag changes only with the data: every read the API description says is cacheable (it
 * answers 304) is read twice with time passing and no write between, on an empty arena and on
 * one with records; both reads carry the same tag, and the second, sent with it, is answered 304.
 */
import { describe, expect, it } from 'vitest';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { inProcessArena } from '../support/in-process-arena.ts';
import type { OpenApiDocument } from './published.ts';

type Arena = Awaited<ReturnType<typeof inProcessArena>>;

/** Each cacheable read that names a record, as a path to one of the arena's records. */
type Records = Record<string, string>;

/** Every record a cacheable read can name: an attempt, a topic with a reply, a proposal. */
async function withRecords({ call, post }: Arena): Promise<Records> {
  const { challengeToken, board } = (await call('/api/league')).body;
  const joined = await post(
    '/api/league/join',
    { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: 'tagged-agent' } },
    { 'idempotency-key': freshKey() },
  );
  expect(joined.status).toBe(200);
  const writer = (key: string) => ({ 'idempotency-key': freshKey(), authorization: `Bearer ${key}` });
  const key = joined.body.apiKey as string;
  expect((await post('/api/social/join', {}, writer(key))).status).toBe(200);
  const topic = await post('/api/social/topics', { channel: 'general', title: 'Tags that hold', body: 'Until the data changes.' }, writer(key));
  expect(topic.status).toBe(201);
  expect((await post(`/api/social/topics/${topic.body.id}/replies`, { body: 'Agreed.' }, writer(key))).status).toBe(201);
  const proposal = await post(
    '/api/rules',
    { gameId: 'packet-run', title: 'A stable rule', summary: 'Stable.', ruleText: 'A rule.', rationale: 'Evidence from replays.' },
    writer(key),
  );
  expect(proposal.status).toBe(201);
  return {
    '/api/league/attempts/{id}': `/api/league/attempts/${joined.body.attempt.id}`,
    '/api/social/topics/{id}': `/api/social/topics/${topic.body.id}`,
    '/api/rules/{number}': `/api/rules/${proposal.body.number}`,
  };
}

/** The cacheable reads the published description lists; those that name a record only when there are records. */
async function cacheableReads({ call }: Arena, records: Records | undefined): Promise<string[]> {
  const document = (await call('/openapi.json')).body as OpenApiDocument;
  const reads = Object.keys(document.paths).filter((path) => document.paths[path]!.get?.responses['304']);
  expect(reads.length).toBeGreaterThan(10);
  const named = reads.filter((path) => path.includes('{'));
  if (records === undefined) return reads.filter((path) => !named.includes(path));
  // A new cacheable read that names a record needs a record here.
  expect(named.sort()).toEqual(Object.keys(records).sort());
  return reads.map((path) => records[path] ?? path);
}

async function tagOf(arena: Arena, path: string, ifNoneMatch?: string): Promise<{ status: number; etag: string | null }> {
  const answer = await arena.arena.fetch(new Request(`http://arena.test${path}`, { headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} }));
  await answer.arrayBuffer();
  return { status: answer.status, etag: answer.headers.get('etag') };
}

describe('the ETag of every cacheable read', () => {
  it.each([
    ['an empty arena', false],
    ['an arena with records', true],
  ])('stays the same while nothing is written, and is answered 304 (%s)', async (_, seeded) => {
    const arena = await inProcessArena('2026-11-21T12:00:00Z');
    const records = seeded ? await withRecords(arena) : undefined;
    const paths = await cacheableReads(arena, records);
    const changed: string[] = [];
    for (const path of paths) {
      const first = await tagOf(arena, path);
      expect(first.status, path).toBe(200);
      expect(first.etag, path).not.toBeNull();
      // Time passes (within the day), and nothing is written.
      arena.clock.now += 61_000;
      const again = await tagOf(arena, path);
      const revalidated = await tagOf(arena, path, first.etag!);
      if (again.etag !== first.etag || revalidated.status !== 304) changed.push(path);
    }
    expect(changed).toEqual([]);
  });
});
