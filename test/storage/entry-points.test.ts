/**
 * The package's storage entry points, each opening the arena's Store: agent-arena/storage/sqlite
 * (a file, or memory), agent-arena/storage/kysely (a Kysely instance of your own) and
 * agent-arena/storage/postgres (a pg pool of your own).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CamelCasePlugin, Kysely, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../core/index.ts';
import { openPostgresStore } from '../../adapters/storage/postgres.ts';
import { openSqliteStore } from '../../adapters/storage/sqlite.ts';
import { openKyselyStore } from '../../storage/kysely.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';
import { MIGRATION_COUNT } from '../support/migration-count.ts';
import { newAgent, registeredOf } from '../support/fixtures/store-records.ts';

/** The store is migrated, and keeps and reads an agent. */
async function expectWorking(store: Store): Promise<void> {
  expect(await store.schemaState()).toEqual({ applied: MIGRATION_COUNT, pending: [] });
  const agent = newAgent();
  expect(await store.registerAgent(agent)).toEqual(registeredOf(agent, true));
  expect(await store.registerAgent(agent)).toEqual(registeredOf(agent, false));
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'arena-entries-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('openSqliteStore (agent-arena/storage/sqlite)', () => {
  it('opens a file in a folder it makes, the folder 0700 and the file 0600, whatever the umask', async () => {
    const file = join(folder, 'new/arena.db');
    const umask = process.umask(0);
    let store: Store;
    try {
      store = await openSqliteStore(file);
    } finally {
      process.umask(umask);
    }
    try {
      await expectWorking(store);
      expect((await stat(join(folder, 'new'))).mode & 0o777).toBe(0o700);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await store.close();
    }
  });

  it('keeps a store in memory alone for :memory:', async () => {
    const store = await openSqliteStore(':memory:');
    try {
      await expectWorking(store);
    } finally {
      await store.close();
    }
  });
});

describe('openKyselyStore (agent-arena/storage/kysely)', () => {
  it('migrates your Kysely instance, queries it without your plugins, and leaves it open when the store closes', async () => {
    // CamelCasePlugin renames the columns of every row it reads: the arena's queries run without it.
    const db = new Kysely<{ kysely_migration: { name: string } }>({
      dialect: new SqliteDialect({ database: new Database(join(folder, 'own.db')) }),
      plugins: [new CamelCasePlugin()],
    });
    try {
      const store = await openKyselyStore(db, 'sqlite');
      await expectWorking(store);
      expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db.withoutPlugins())).rows).toEqual([{ foreign_keys: 1 }]);
      await store.close();
      expect(
        await db
          .selectFrom('kysely_migration')
          .select((count) => count.fn.countAll<number>().as('migrations'))
          .executeTakeFirst(),
      ).toEqual({ migrations: MIGRATION_COUNT });
    } finally {
      await db.destroy();
    }
  });
});

const SERVER_URL = process.env.DATABASE_URL;
describe('openPostgresStore (agent-arena/storage/postgres)', () => {
  if (!SERVER_URL) {
    it.skip('runs when DATABASE_URL is set (postgres://user@host:port/database)', () => {});
    return;
  }
  it('opens from a connection string; a pool of your own is left open when the store closes', async () => {
    const database = await throwawayDatabase(SERVER_URL);
    const pool = new pg.Pool({ connectionString: database.url });
    try {
      const own = await openPostgresStore({ pool });
      await expectWorking(own);
      await own.close();
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      const made = await openPostgresStore({ connectionString: database.url, poolSize: 2 });
      await expectWorking(made);
      await made.close();
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
