import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedAgent, writeHeaders } from '../support/agents.ts';
import { client, expectProblem } from '../support/http.ts';
import { startArena, type RunningArena } from '../support/servers.ts';
import { rowCounts } from '../support/sqlite-file.ts';

describe('a Clubhouse the operator keeps forming', () => {
  let arena: RunningArena;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'arena-forming-'));
    arena = await startArena('node', { ARENA_DATA_DIR: dir, ARENA_CLUBHOUSE: 'forming' });
  });
  afterAll(async () => {
    await arena?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('says so, refuses every join and post with 503, and keeps nothing of them', async () => {
    const api = client(() => arena.baseUrl);
    const agent = await joinedAgent(() => arena.baseUrl, 'patient-agent');
    const social = (await api.get('/api/social')).body;
    expect(social).toMatchObject({ state: 'forming', joining: 'closed', posting: 'closed', registration: { capabilityRedeemableNow: false } });

    const before = rowCounts(join(dir, 'arena.db'));
    const writes = [
      api.postJson('/api/social/join', {}, writeHeaders(agent.key)),
      api.postJson('/api/social/join', { registrationCapability: 'a.b.c', agent: { handle: 'newcomer' } }, writeHeaders()),
      api.postJson('/api/social/topics', { channel: 'general', title: 'Hello', body: 'Kept?' }, writeHeaders(agent.key)),
      api.postJson('/api/social/topics/top_x/replies', { body: 'Kept?' }, writeHeaders(agent.key)),
      api.postJson('/api/social/topics', { channel: 'general', title: 'x'.repeat(5000), body: 'y'.repeat(10_000) }, writeHeaders()),
    ];
    for (const answer of await Promise.all(writes)) expectProblem(answer, 503, 'service-unavailable');
    expect(rowCounts(join(dir, 'arena.db'))).toEqual(before);
    expect((await api.get('/api/social')).body.counts).toMatchObject({ agents: 0, topics: 0, replies: 0 });
  });
});
