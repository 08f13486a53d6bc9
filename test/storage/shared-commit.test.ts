/**
 * The SQLite dialect's shared commits (storage/dialects/shared-commit.ts): concurrent writes go
 * in one transaction, and no statement is answered before the commit that holds it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../../core/store/errors.ts';
import { createSqliteDialect, type SqliteClient } from '../../storage/dialects/sqlite.ts';

interface Schema {
  items: { id: Generated<number>; name: string };
  /** Any insert here makes SQLite give up the whole transaction, as it does on a full disk. */
  traps: { id: number };
}

/** What happened, in order: each COMMIT, ROLLBACK and BEGIN, and each caller told of its result. */
type Log = string[];

interface Opened {
  db: Kysely<Schema>;
  log: Log;
  /** Each SQL text the dialect prepared, as often as it prepared it. */
  prepared: string[];
  /** The raw database, for reading what is really committed. */
  raw: Database.Database;
  /** Makes the next exec of `sql` throw (after running it, if `after`). */
  failNext(sql: string, how?: { after?: boolean }): void;
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function opened(options: { file?: string; busyTimeoutMs?: number } = {}): Promise<Opened> {
  const file = options.file ?? join(scratch(), 'test.db');
  const raw = new Database(file);
  const log: Log = [];
  const failures = new Map<string, { after: boolean }>();
  const prepared: string[] = [];
  const client: SqliteClient = {
    prepare: (text) => {
      prepared.push(text);
      return raw.prepare(text) as never;
    },
    close: () => raw.close(),
    exec(text) {
      const failure = failures.get(text);
      failures.delete(text);
      if (failure && !failure.after) throw new Error(`${text} failed (injected)`);
      raw.exec(text);
      if (/^(BEGIN|COMMIT|ROLLBACK)/.test(text)) log.push(text);
      if (failure) throw new Error(`${text} failed (injected)`);
    },
  };
  const db = new Kysely<Schema>({ dialect: createSqliteDialect(client, options) });
  if (options.file === undefined) {
    await db.schema
      .createTable('items')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull().unique())
      .execute();
    raw.exec(`CREATE TABLE traps (id integer PRIMARY KEY); CREATE TRIGGER trapped BEFORE INSERT ON traps BEGIN SELECT RAISE(ROLLBACK, 'gave up'); END`);
  }
  log.length = 0;
  prepared.length = 0;
  return { db, log, prepared, raw, failNext: (text, how = {}) => failures.set(text, { after: how.after ?? false }) };
}

function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'shared-commit-'));
  folders.push(folder);
  return folder;
}

/** No row was kept, and the next write goes on as usual; then `db` is closed. */
async function expectNothingKeptAndWritesGoOn(db: Kysely<Schema>, raw: Database.Database): Promise<void> {
  expect(names(raw)).toEqual([]);
  await db.insertInto('items').values({ name: 'after' }).execute();
  expect(names(raw)).toEqual(['after']);
  await db.destroy();
}

const names = (raw: Database.Database) => (raw.prepare('SELECT name FROM items ORDER BY id').all() as { name: string }[]).map((row) => row.name);

describe('shared commits on SQLite', () => {
  it('puts writes sent together in one transaction, and answers each only after its COMMIT', async () => {
    const { db, log, raw } = await opened();
    const writes = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) =>
      db
        .insertInto('items')
        .values({ name })
        .execute()
        .then(() => log.push(`answered ${name}`)),
    );
    await Promise.all(writes);
    expect(log).toEqual(['BEGIN IMMEDIATE', 'COMMIT', ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) => `answered ${name}`)]);
    expect(names(raw)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    // A write sent later is in a transaction of its own.
    await db.insertInto('items').values({ name: 'i' }).execute();
    expect(log.slice(-2)).toEqual(['BEGIN IMMEDIATE', 'COMMIT']);
    await db.destroy();
  });

  it('prepares each SQL text once, and its kept statement sees a column added since', async () => {
    const { db, prepared, raw } = await opened();
    for (const name of ['a', 'b', 'c']) await db.insertInto('items').values({ name }).execute();
    const all = () => db.selectFrom('items').selectAll().where('name', '=', 'a').execute();
    expect(await all()).toEqual([{ id: 1, name: 'a' }]);
    raw.exec("ALTER TABLE items ADD COLUMN colour text NOT NULL DEFAULT 'red'");
    expect(await all()).toEqual([{ id: 1, name: 'a', colour: 'red' }]);
    expect(prepared).toHaveLength(2);
    await db.destroy();
  });

  it('answers a read alone at once, and a read beside a write after the write’s commit, with what it sees', async () => {
    const { db, log } = await opened();
    await db.insertInto('items').values({ name: 'a' }).execute();
    log.length = 0;
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: 'a' }]);
    expect(log).toEqual([]);
    const write = db
      .insertInto('items')
      .values({ name: 'b' })
      .execute()
      .then(() => log.push('write answered'));
    const read = db
      .selectFrom('items')
      .select('name')
      .execute()
      .then((rows) => (log.push('read answered'), rows));
    expect(await read).toEqual([{ name: 'a' }, { name: 'b' }]);
    await write;
    expect(log).toEqual(['BEGIN IMMEDIATE', 'COMMIT', 'write answered', 'read answered']);
    await db.destroy();
  });

  it('fails a statement refused by a constraint alone: the others in its transaction are kept', async () => {
    const { db, raw } = await opened();
    await db.insertInto('items').values({ name: 'taken' }).execute();
    const outcomes = await Promise.allSettled([
      db.insertInto('items').values({ name: 'x' }).execute(),
      db.insertInto('items').values({ name: 'taken' }).execute(),
      db.insertInto('items').values({ name: 'y' }).execute(),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(names(raw)).toEqual(['taken', 'x', 'y']);
    await db.destroy();
  });

  it('fails every statement of a transaction whose COMMIT fails, and keeps none of them', async () => {
    const { db, log, raw, failNext } = await opened();
    failNext('COMMIT');
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((name) => db.insertInto('items').values({ name }).returning('id').execute()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(log).toEqual(['BEGIN IMMEDIATE', 'ROLLBACK']);
    await expectNothingKeptAndWritesGoOn(db, raw);
  });

  it('fails every statement of a transaction SQLite gave up, not only the one that failed', async () => {
    const { db, raw } = await opened();
    const held = db.insertInto('items').values({ name: 'held' }).execute();
    const trapped = db.insertInto('traps').values({ id: 1 }).execute();
    const outcomes = await Promise.allSettled([held, trapped]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expectNothingKeptAndWritesGoOn(db, raw);
  });

  it('commits the open transaction before a statement that is neither a read nor a write, and runs that alone', async () => {
    const { db, log } = await opened();
    const write = db
      .insertInto('items')
      .values({ name: 'a' })
      .execute()
      .then(() => log.push('write answered'));
    const pragma = sql`PRAGMA foreign_keys = OFF`.execute(db).then(() => log.push('pragma answered'));
    await Promise.all([write, pragma]);
    expect(log).toEqual(['BEGIN IMMEDIATE', 'COMMIT', 'write answered', 'pragma answered']);
    // Outside a transaction, the pragma took effect.
    expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 0 }]);
    await db.destroy();
  });

  it('runs an explicit transaction alone: others wait for it, and its rollback undoes only its own', async () => {
    const { db, raw } = await opened();
    let inside = 0;
    const others: Promise<unknown>[] = [];
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'mine' }).execute();
        others.push(db.insertInto('items').values({ name: 'theirs' }).execute());
        await new Promise((resolve) => setTimeout(resolve, 20));
        inside = (await trx.selectFrom('items').select('name').execute()).length;
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    expect(await transaction).toBe('changed my mind');
    await Promise.all(others);
    expect(inside).toBe(1);
    expect(names(raw)).toEqual(['theirs']);
    await db.destroy();
  });

  it('lets two connections of one process write at once: the lock is waited for without stopping the event loop', async () => {
    const first = await opened();
    const second = await opened({ file: first.raw.name });
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? first : second).db
          .insertInto('items')
          .values({ name: `n${i}` })
          .execute(),
      ),
    );
    // A thread stopped by SQLite's busy timeout would have waited the whole 5 s for the other connection.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(names(first.raw)).toHaveLength(40);
    await second.db.destroy();
    await first.db.destroy();
  });

  it('answers a read at once while a write waits for another connection’s lock, from what is committed', async () => {
    const first = await opened();
    const second = await opened({ file: first.raw.name });
    await first.db.insertInto('items').values({ name: 'committed' }).execute();
    first.raw.exec('BEGIN IMMEDIATE');
    const order: string[] = [];
    const write = second.db
      .insertInto('items')
      .values({ name: 'waiting' })
      .execute()
      .then(() => order.push('write'));
    const rows = await second.db.selectFrom('items').select('name').execute();
    order.push('read');
    expect(rows).toEqual([{ name: 'committed' }]);
    first.raw.exec('COMMIT');
    await write;
    expect(order).toEqual(['read', 'write']);
    expect(names(first.raw)).toEqual(['committed', 'waiting']);
    await second.db.destroy();
    await first.db.destroy();
  });

  it('gives up on a lock held past the busy timeout as an outage, the event loop running meanwhile', async () => {
    const first = await opened();
    const second = await opened({ file: first.raw.name, busyTimeoutMs: 200 });
    first.raw.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    try {
      await expect(second.db.insertInto('items').values({ name: 'blocked' }).execute()).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      clearInterval(ticking);
      first.raw.exec('ROLLBACK');
    }
    expect(ticks).toBeGreaterThan(5);
    await second.db.insertInto('items').values({ name: 'later' }).execute();
    expect(names(first.raw)).toEqual(['later']);
    await second.db.destroy();
    await first.db.destroy();
  });
});
