import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../support/http.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { startArena, type Runtime } from '../support/servers.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe.each(['node', 'bun', 'deno'] as Runtime[])('records on %s', (runtime) => {
  it('are all there after the server stops and starts again', async () => {
    const dir = await mkdtemp(join(tmpdir(), `arena-restart-${runtime}-`));
    dirs.push(dir);
    const first = await startArena(runtime, { ARENA_DATA_DIR: dir });
    let before;
    try {
      const api = client(() => first.baseUrl);
      const { challengeToken, board } = (await api.get('/api/league')).body;
      const joined = await api.postJson(
        '/api/league/join',
        { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: `durable-${runtime}` } },
        { 'idempotency-key': freshKey() },
      );
      for (let i = 0; i < 3; i++) {
        await api.postJson('/api/league/submit', { challengeToken, actions: 'UU' }, { authorization: `Bearer ${joined.body.apiKey}`, 'idempotency-key': freshKey() });
      }
      before = {
        attempts: (await api.get('/api/league/attempts?limit=100')).body,
        league: (await api.get('/api/league')).body,
        key: joined.body.apiKey,
      };
    } finally {
      await first.stop();
    }
    const second = await startArena(runtime, { ARENA_DATA_DIR: dir });
    try {
      const api = client(() => second.baseUrl);
      expect((await api.get('/api/league/attempts?limit=100')).body).toEqual(before.attempts);
      expect((await api.get('/api/league')).body).toMatchObject({ attemptCount: 4, fieldSize: 1, board: before.league.board });
      const after = await api.postJson(
        '/api/league/submit',
        { challengeToken: before.league.challengeToken, actions: 'RR' },
        { authorization: `Bearer ${before.key}`, 'idempotency-key': freshKey() },
      );
      expect(after.body.attempt.number).toBe(5);
    } finally {
      await second.stop();
    }
  });
});
