/**
 * Expand, then contract (storage/migrate.ts): on PostgreSQL a start on a database an earlier
 * release migrated runs only the migrations that add, and the store writes what that release
 * reads, until the upgrade is finished (`finish`); a new database, SQLite and D1 get every
 * migration at once. A database a later release migrated is served until that release finishes
 * its upgrade on it. On PGlite here; test/cluster/rolling-upgrade.test.ts runs the upgrade from
 * 0.23.0 itself on a PostgreSQL server, under load.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../core/store/store.ts';
import { arenaMigrations, createKyselyStore, createPGliteDialect, createSqliteDialect, migrateToLatest, type Database as Schema } from '../../storage/index.ts';
import { RECORD_EVENTS } from '../../storage/events/record-events.ts';
import { healthStore } from '../../storage/health/store.ts';
import { newAgent, newAttempt } from '../support/fixtures/store-records.ts';
import { newTopic } from '../support/fixtures/social-records.ts';
import { MIGRATIONS, migrationsFrom } from './cases/migration-names.ts';

const FINISHING = '0015-finish-events-and-figures';
/** The last migration of 0.23.0, the release before this one. */
const PREVIOUS_RELEASE_LAST = '0010-key-lifecycle';

let pglite: PGlite;
let db: Kysely<Schema>;
beforeAll(async () => {
  pglite = await PGlite.create();
});
afterAll(async () => {
  await pglite?.close();
});
beforeEach(async () => {
  await pglite.exec('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  db = new Kysely<Schema>({ dialect: createPGliteDialect({ query: (text, parameters) => pglite.query(text, parameters), close: async () => {} }) });
  return () => db.destroy();
});

/** The database as the previous release left it: migrated to its last migration. */
async function asPreviousRelease(): Promise<void> {
  const { error } = await new Migrator({ db, provider: arenaMigrations('postgres') }).migrateTo(PREVIOUS_RELEASE_LAST);
  if (error) throw error;
}

async function storedResults(): Promise<string[]> {
  return (await db.selectFrom('attempts').select('result').orderBy('created_at').execute()).map((row) => row.result);
}

/** One attempt and one topic, by a new member. */
async function write(store: Store): Promise<void> {
  const agent = newAgent();
  await store.registerAgent(agent);
  await store.retainAttempt({ ...newAttempt(agent), resultReplayed: true }, 10);
  await store.joinClubhouse({ agentId: agent.id, via: 'league-key', joinedAt: '2031-03-01T00:00:00.000Z' });
  await store.createTopic(newTopic(agent));
}

describe('an upgrade on PostgreSQL, expand then contract', () => {
  it('a start runs only what adds; the previous release’s way is kept until the upgrade is finished', async () => {
    await asPreviousRelease();
    expect(await migrateToLatest(db, 'postgres')).toEqual(migrationsFrom('0011-no-hot-rows').filter((name) => name !== FINISHING));
    // Ready without the finish.
    expect(await healthStore(db, 'postgres').schemaState()).toEqual({ applied: MIGRATIONS.length - 1, pending: [] });

    const before = createKyselyStore(db, 'postgres');
    await write(before);
    // The previous release reads a stored result, and every event from the events table, ids from its counter.
    expect((await storedResults()).every((result) => result.startsWith('{'))).toBe(true);
    const kinds = (await db.selectFrom('events').select('kind').orderBy('id').execute()).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['attempt.retained', 'topic.created']));
    const counter = await sql<{ last_id: string }>`SELECT last_id FROM event_counter`.execute(db);
    const unfinished = await before.eventsAfter(0, {}, 100);
    expect(unfinished.map((event) => event.id)).toEqual((await db.selectFrom('events').select('id').orderBy('id').execute()).map((row) => Number(row.id)));
    expect(Number(counter.rows[0]!.last_id)).toBe(unfinished.at(-1)!.id);
    // Each record keeps its event's id too, which this release reads it by.
    for (const { table } of RECORD_EVENTS.filter(({ kind }) => kinds.includes(kind))) {
      const { rows } = await sql<{ missing: string }>`SELECT COUNT(*) AS missing FROM ${sql.table(table)} WHERE event_id IS NULL`.execute(db);
      expect(Number(rows[0]!.missing), table).toBe(0);
    }

    expect(await migrateToLatest(db, 'postgres', { finish: true })).toEqual([FINISHING]);
    const after = createKyselyStore(db, 'postgres');
    await write(after);
    expect((await storedResults()).map((result) => result === '')).toEqual([false, true]);
    // Record events are the records' alone now, ids from the sequence after the counter's; none read twice, none lost.
    expect((await db.selectFrom('events').select('kind').execute()).map((row) => row.kind)).not.toContain('attempt.retained');
    expect(await sql`SELECT to_regclass('event_counter') AS counter`.execute(db)).toMatchObject({ rows: [{ counter: null }] });
    const finished = await after.eventsAfter(0, {}, 100);
    expect(finished.slice(0, unfinished.length)).toEqual(unfinished);
    const ids = finished.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(finished.filter((event) => event.kind === 'attempt.retained')).toHaveLength(2);
    await before.close();
    await after.close();
  });

  it('finishing twice, or on a database finished before, changes nothing', async () => {
    expect(await migrateToLatest(db, 'postgres')).toEqual(MIGRATIONS);
    const store = createKyselyStore(db, 'postgres');
    await write(store);
    const events = await store.eventsAfter(0, {}, 100);
    await sql`DELETE FROM kysely_migration WHERE name = ${FINISHING}`.execute(db);
    expect(await migrateToLatest(db, 'postgres', { finish: true })).toEqual([FINISHING]);
    await write(store);
    const again = await store.eventsAfter(0, {}, 100);
    expect(again.slice(0, events.length)).toEqual(events);
    expect(again.at(-1)!.id).toBeGreaterThan(events.at(-1)!.id);
    await store.close();
  });

  it('a new database gets every migration at once', async () => {
    expect(await migrateToLatest(db, 'postgres')).toEqual(MIGRATIONS);
  });

  it('serves a database a later release has migrated, and refuses one it has finished', async () => {
    expect(await migrateToLatest(db, 'postgres')).toEqual(MIGRATIONS);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('0016-a-later-table', '2031-01-01T00:00:00.000Z')`.execute(db);
    expect(await migrateToLatest(db, 'postgres')).toEqual([]);
    expect(await healthStore(db, 'postgres').schemaState()).toMatchObject({ pending: [] });
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('0017-finish-a-later-upgrade', '2031-01-02T00:00:00.000Z')`.execute(db);
    await expect(migrateToLatest(db, 'postgres')).rejects.toThrow(/a later release has finished its upgrade on this database \(0017-finish-a-later-upgrade\)/);
  });
});

describe('an upgrade on SQLite', () => {
  it('a start runs every migration, the finishing ones too, and stores no result', async () => {
    const sqlite = new Kysely<Schema>({ dialect: createSqliteDialect(new Database(':memory:')) });
    try {
      const { error } = await new Migrator({ db: sqlite, provider: arenaMigrations('sqlite') }).migrateTo(PREVIOUS_RELEASE_LAST);
      if (error) throw error;
      expect(await migrateToLatest(sqlite, 'sqlite')).toEqual(migrationsFrom('0011-no-hot-rows'));
      const store = createKyselyStore(sqlite, 'sqlite');
      const agent = newAgent();
      await store.registerAgent(agent);
      await store.retainAttempt({ ...newAttempt(agent), resultReplayed: true }, 10);
      expect((await sqlite.selectFrom('attempts').select('result').execute()).map((row) => row.result)).toEqual(['']);
    } finally {
      await sqlite.destroy();
    }
  });
});
