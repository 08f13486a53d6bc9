import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeHeaders } from '../support/agents.ts';
import { client } from '../support/http.ts';
import { startArena, type RunningArena } from '../support/servers.ts';
import { everything, rawBytes } from '../support/sqlite-file.ts';

describe('the Arrival Hall', () => {
  let arena: RunningArena;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'arena-arrival-'));
    // Trusting a proxy lets the test choose a distinctive client address to look for.
    arena = await startArena('node', { ARENA_DATA_DIR: dir, ARENA_TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await arena?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps neither the raw client address nor the user-agent, anywhere in the database', async () => {
    const api = client(() => arena.baseUrl);
    const address = `203.0.113.${1 + (randomBytes(1)[0]! % 250)}`;
    const userAgent = `arena-privacy-probe/${randomBytes(8).toString('hex')}`;
    const body = { displayName: 'Probe', model: 'unknown', sentBy: 'a test', purpose: 'Privacy check.', operatorAuthorized: true };
    for (const forwarded of [address, undefined]) {
      const headers = { ...writeHeaders(), 'user-agent': userAgent, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) };
      expect((await api.postJson('/api/arrival', body, headers)).status).toBe(201);
    }
    const database = join(dir, 'arena.db');
    const stored = everything(database);
    expect(stored).toContain('Privacy check.');
    for (const secret of [address, userAgent, '127.0.0.1']) {
      expect(stored).not.toContain(secret);
      expect(rawBytes(database)).not.toContain(secret);
    }
  });
});
