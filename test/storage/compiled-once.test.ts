import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce, preparedNameOf } from '../../storage/shared/compiled-once.ts';

interface Schema {
  items: { id: number; name: string; kind: string };
}

async function itemsDatabase(): Promise<Kysely<Schema>> {
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  await db.schema
    .createTable('items')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text')
    .addColumn('kind', 'text')
    .execute();
  await db
    .insertInto('items')
    .values([
      { id: 1, name: 'a', kind: 'x' },
      { id: 2, name: 'b', kind: 'y' },
      { id: 3, name: 'c', kind: 'x' },
    ])
    .execute();
  return db;
}

describe('compiledOnce', () => {
  it('runs the query built once with each call’s values in its slots, constants kept', async () => {
    const db = await itemsDatabase();
    let builds = 0;
    const byKind = compiledOnce(db, (slot: (name: 'kind' | 'above') => any) => {
      builds++;
      return db.selectFrom('items').select('name').where('kind', '=', slot('kind')).where('id', '>', slot('above')).where('name', '!=', 'zzz').orderBy('id');
    });
    expect(await byKind({ kind: 'x', above: 0 })).toEqual([{ name: 'a' }, { name: 'c' }]);
    expect(await byKind({ kind: 'x', above: 1 })).toEqual([{ name: 'c' }]);
    expect(await byKind({ kind: 'y', above: 0 })).toEqual([{ name: 'b' }]);
    expect(builds).toBe(1);
    await db.destroy();
  });

  it('names each compiled text for prepared statements, and refuses a value with no slot', async () => {
    const db = await itemsDatabase();
    const query = db.selectFrom('items').select('id').where('name', '=', 'only-a-constant');
    const constant = compiledOnce(db, (_slot: (name: 'name') => any) => query);
    await expect(constant({ name: 'a' })).rejects.toThrow(/no slot for name/);
    const byName = compiledOnce(db, (slot: (name: 'name') => any) => db.selectFrom('items').select('id').where('name', '=', slot('name')));
    expect(await byName({ name: 'b' })).toEqual([{ id: 2 }]);
    expect(preparedNameOf('select "id" from "items" where "name" = ?')).toMatch(/^arena_compiled_\d+$/);
    expect(preparedNameOf('select 1')).toBeUndefined();
    await db.destroy();
  });
});
