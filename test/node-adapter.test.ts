import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArena, type RunningArena } from './support/servers.ts';

/** What only the Node adapter decides: how a raw request target becomes a URL, and how long a head may be. */
describe('the Node adapter', () => {
  let arena: RunningArena;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'arena-node-adapter-'));
    arena = await startArena('node', { ARENA_DATA_DIR: dir });
  });
  afterAll(async () => {
    await arena?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Sends `target` exactly as written on the request line. */
  function get(target: string): Promise<{ status: number; type: string | undefined; body: string }> {
    const { hostname, port } = new URL(arena.baseUrl);
    return new Promise((resolve, reject) => {
      const sent = httpRequest({ hostname, port, path: target, method: 'GET' }, (answer) => {
        let body = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode!, type: answer.headers['content-type'], body }));
      });
      sent.on('error', reject).end();
    });
  }

  it('reads a path that starts with // as a path, never as another host', async () => {
    const other = await get('//evil.example/api/games/packet-run/play?actions=UU');
    expect(other.status).toBe(404);
    expect(other.body).not.toContain('evil.example/.well-known');
    expect((await get('//api/games')).status).toBe(404);
    // Receipts hold no origin at all now: a live document's links show which origin was read.
    const absolute = await get('http://evil.example/skill.md');
    expect(absolute.status).toBe(200);
    expect(absolute.body).toContain(`${arena.baseUrl}/api/dispatch`);
    expect(absolute.body).not.toContain('evil.example');
  });

  it('lets the core answer a long query with its own problem, not a bare 431', async () => {
    const answer = await get(`/api/games/triad-duel/verify?receiptToken=${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/problem+json');
  });
});
