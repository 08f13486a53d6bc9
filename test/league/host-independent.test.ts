import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessArena } from '../support/in-process-arena.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { startLocal, type LocalServer } from '../support/local-server.ts';
import { everything } from '../support/sqlite-file.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** One request with the Host header a client chose (fetch would not let it be set). */
function send(server: LocalServer, host: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const { hostname, port } = new URL(server.baseUrl);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise<{ status: number; text: string; json: () => any }>((resolve, reject) => {
    const sent = httpRequest(
      {
        hostname,
        port,
        path,
        method: init.method ?? 'GET',
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode!, text, json: () => JSON.parse(text) }));
      },
    );
    sent.on('error', reject).end(body);
  });
}

const entryIds = (feed: string) => [...feed.matchAll(/<id>([^<]*)<\/id>/g)].map((match) => match[1]!);

describe('durable records and feed ids, whatever Host a client sends', () => {
  it('hold no request origin: the retained attempt keeps the JWKS path, feed ids do not follow Host', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'arena-host-'));
    dirs.push(dataDir);
    const server = await startLocal('node', { ARENA_DATA_DIR: dataDir });
    let joined,
      submitted,
      ids: string[] = [];
    try {
      const league = (await send(server, 'first.example', '/api/league')).json();
      const joining = await send(server, 'first.example', '/api/league/join', {
        method: 'POST',
        body: { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle: 'host-free' } },
        headers: { 'idempotency-key': freshKey() },
      });
      expect(joining.status, joining.text).toBe(200);
      joined = joining.json();
      const submit = await send(server, 'second.example:9', '/api/league/submit', {
        method: 'POST',
        body: { challengeToken: league.challengeToken, actions: 'UU' },
        headers: { authorization: `Bearer ${joined.apiKey}`, 'idempotency-key': freshKey() },
      });
      expect(submit.status, submit.text).toBe(200);
      submitted = submit.json();
      expect(submitted.attempt.result.receipt.jwks).toBe('/.well-known/jwks.json');

      for (const attempt of [joined.attempt, submitted.attempt]) {
        const read = await send(server, 'third.example', `/api/league/attempts/${attempt.id}`);
        expect(read.json().result.receipt.jwks).toBe('/.well-known/jwks.json');
        expect(read.text).not.toMatch(/first\.example|second\.example|third\.example/);
      }
      const feeds = [await send(server, 'first.example', '/feed.xml'), await send(server, 'second.example:9', '/feed.xml')];
      const [firstIds, secondIds] = feeds.map((feed) => entryIds(feed.text));
      expect(firstIds!.length).toBeGreaterThan(2);
      expect(secondIds).toEqual(firstIds);
      ids = firstIds!;
      for (const id of ids) expect(id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      await server.stop();
    }
    expect(everything(join(dataDir, 'arena.db'))).not.toMatch(/first\.example|second\.example/);

    // The same records behind a configured origin: receipts name it, feed ids stay the same.
    const configured = await startLocal('node', { ARENA_DATA_DIR: dataDir, ARENA_PUBLIC_ORIGIN: 'https://arena.example' });
    try {
      expect(configured.output()).not.toContain('ARENA_PUBLIC_ORIGIN');
      const read = (await send(configured, 'first.example', `/api/league/attempts/${submitted.attempt.id}`)).json();
      expect(read.result.receipt.jwks).toBe('https://arena.example/.well-known/jwks.json');
      expect(entryIds((await send(configured, 'second.example', '/feed.xml')).text)).toEqual(ids);
    } finally {
      await configured.stop();
    }
  });
});

describe('an attempt retained before records stopped holding request origins', () => {
  it('is published with the JWKS link receipts carry now, its evidence unchanged', async () => {
    const { post, call, store } = await inProcessArena('2026-11-23T12:00:00Z');
    const league = (await call('/api/league')).body;
    const joined = await post(
      '/api/league/join',
      { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle: 'old-timer' } },
      { 'idempotency-key': freshKey() },
    );
    expect(joined.status).toBe(200);
    const { number: _, ...stored } = (await store.attemptById(joined.body.attempt.id))!;
    const result = joined.body.attempt.result as { receipt: { jwks: string } };
    // As an earlier version kept it, its result stored: the Host of whoever submitted.
    const legacy = {
      ...stored,
      id: 'att_legacyhostinrecord',
      kind: 'submit' as const,
      result: { ...result, receipt: { ...result.receipt, jwks: 'http://evil.example/.well-known/jwks.json' } },
    };
    await store.retainAttempt(legacy, 10);
    const read = await call(`/api/league/attempts/${legacy.id}`);
    expect(read.body.result.receipt).toEqual({ ...result.receipt, jwks: '/.well-known/jwks.json' });
  });
});
