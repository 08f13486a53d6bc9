/** The store suite on SQLite through better-sqlite3, on a file (WAL, two connections when asked). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSqliteDialect } from '../../storage/index.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { newAgent, registeredOf } from '../support/fixtures/store-records.ts';
import { storeSuite } from './store-suite.ts';
import { sqliteTargets } from './templates.ts';

storeSuite('SQLite (better-sqlite3, file)', {
  sharedOpen: true,
  ...sqliteTargets(async () => {
    const directory = await mkdtemp(join(tmpdir(), 'arena-store-'));
    const file = join(directory, 'arena.db');
    return { dialect: () => createSqliteDialect(new Database(file)), cleanup: () => rm(directory, { recursive: true, force: true }) };
  }),
});

describe('SQLite file pragmas and the in-memory store', () => {
  it('opens a file in WAL mode with a busy timeout and foreign keys on', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'arena-store-'));
    try {
      const database = new Database(join(directory, 'arena.db'));
      createSqliteDialect(database);
      expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(database.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(5000);
      expect(database.pragma('foreign_keys', { simple: true })).toBe(1);
      database.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('gives other tests a migrated in-memory store', async () => {
    const store = await openMemoryStore();
    const agent = newAgent();
    expect(await store.registerAgent(agent)).toEqual(registeredOf(agent, true));
    expect(await store.totals()).toEqual({ agents: 1, entrants: 0, attempts: 0 });
    await store.close();
  });
});
